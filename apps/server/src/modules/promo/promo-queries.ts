import { asc } from 'drizzle-orm';
import { DRAW } from '@seguridad/contracts/constants';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { type DrawWinner } from '@seguridad/contracts/http/promo';
import { type Database } from '../../db/client';
import { drawWinners } from '../../db/schema';

/** The published winners of the draw in prize order, phones masked as the public page shows them. */
export async function publishedWinners(db: Database): Promise<DrawWinner[]> {
  const rows = await db
    .select({ name: drawWinners.name, phone: drawWinners.phone })
    .from(drawWinners)
    .orderBy(asc(drawWinners.position))
    .limit(DRAW.publishedWinners);
  return rows.map((row) => ({ name: row.name, phone: maskPhone(row.phone) }));
}
