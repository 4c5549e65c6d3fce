import { TABLE_ROWS_PER_PAGE } from '@seguridad/contracts/constants';

/** How many pages `total` rows take (at least one, so an empty table is "page 1 of 1"). */
export function pageCount(total: number, perPage: number = TABLE_ROWS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** A page number that exists for `total` rows: after a deletion empties the last page, the one before. */
export function clampPage(page: number, total: number, perPage: number = TABLE_ROWS_PER_PAGE): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, perPage));
}

/** The rows of page `page` (1-based), `perPage` at a time (spec §9: tables show 5 rows a page). */
export function pageOf<Row>(
  rows: readonly Row[],
  page: number,
  perPage: number = TABLE_ROWS_PER_PAGE,
): Row[] {
  const current = clampPage(page, rows.length, perPage);
  return rows.slice((current - 1) * perPage, current * perPage);
}
