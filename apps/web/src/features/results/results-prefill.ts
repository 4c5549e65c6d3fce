/**
 * The results page without React (decision 019): the page hydrates on intent like the other pages
 * that only read, but must show the winners and the draw's proof at once. This module, loaded by
 * `main.tsx` on that page alone, fetches both and fills them into the prerendered page with the
 * markup React renders (`results-page.tsx`, `draw-proof.tsx`). It has no React, TanStack Query or
 * zod, so the page runs no long task before the visitor's first intent.
 */
import { HTTP_TIMEOUT_MS } from '@seguridad/contracts/constants';
import type { DrawWinnersResponse, PublicDraw, PublicDrawResponse } from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages/promo';
import { drawProofRead, winnersRead } from './api/public-draw-reads';
import { formatDrawDate } from './draw-date';
import styles from './results-page.module.css';

/**
 * An element with its attributes in React's order and its text as text: names come from citizens,
 * so nothing here is ever parsed as HTML.
 */
function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function winnersBody(page: ParentNode): HTMLTableSectionElement | null {
  return page.querySelector(`.${styles.table} > tbody`);
}

/** The winners' rows in place of the loading row, or, without them, the row React shows on failure. */
export function showWinners(page: ParentNode, winners: DrawWinnersResponse | undefined): void {
  const rows = winners
    ? winners.data.map((winner, index) =>
        element(
          'tr',
          {},
          element('td', {}, String(index + 1)),
          element('td', {}, winner.name),
          element('td', { class: styles.phone! }, winner.phone),
        ),
      )
    : [
        element(
          'tr',
          {},
          element('td', { colspan: '3', class: styles.status!, role: 'alert' }, promoTexts.winnersFailed),
        ),
      ];
  winnersBody(page)?.replaceChildren(...rows);
}

/** `DrawProof` without React. */
export function drawProof(draw: PublicDraw | null): HTMLElement {
  if (!draw) return element('p', { class: styles.note! }, promoTexts.notPublished);
  const code = (testId: string, text: string) => element('code', { 'data-testid': testId }, text);
  return element(
    'section',
    { class: styles.proof!, 'aria-labelledby': 'proof-title', 'data-testid': 'draw-proof' },
    element('h2', { id: 'proof-title' }, promoTexts.proofTitle),
    element(
      'p',
      {},
      draw.drawn_at
        ? promoTexts.drawnAt(formatDrawDate(draw.drawn_at))
        : promoTexts.scheduledFor(formatDrawDate(draw.scheduled_at)),
    ),
    element('p', {}, promoTexts.proofLead),
    element(
      'dl',
      { class: styles.proofList! },
      element('dt', {}, promoTexts.commitment),
      element('dd', {}, code('proof-commitment', draw.commitment)),
      element('dt', {}, promoTexts.seed),
      element('dd', {}, draw.seed ? code('proof-seed', draw.seed) : promoTexts.seedHidden),
      element('dt', {}, promoTexts.listHash),
      element('dd', {}, code('proof-list-hash', draw.list_hash)),
      element('dt', {}, promoTexts.eligibleCount(draw.eligible_count)),
      element('dd', {}, element('a', { href: draw.list_url, download: '' }, promoTexts.downloadList)),
    ),
    element('h3', {}, promoTexts.howToVerifyTitle),
    element('ol', { class: styles.steps! }, ...promoTexts.howToVerify.map((step) => element('li', {}, step))),
  );
}

/** The proof where React puts it: last in the page's article. */
export function showDrawProof(page: ParentNode, draw: PublicDraw | null): void {
  page.querySelector(`.${styles.page}`)?.append(drawProof(draw));
}

async function read<Body>(path: string): Promise<Body> {
  const response = await fetch(path, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as Body;
}

/** What the page already shows, under the query key React reads it from. */
export type ShownQuery = { queryKey: readonly unknown[]; data: unknown };

/**
 * Starts both reads and fills in each as it arrives. Returns the hand-over, to call right before
 * React renders: from then on nothing is written (React owns the page), and what was shown is
 * returned for React's queries to start from, so React neither shows the loading row again nor
 * fetches it again. A read still under way is React's to make, as without this module.
 */
export function prefillResults(page: ParentNode): () => ShownQuery[] {
  const shown: ShownQuery[] = [];
  let handedOver = false;

  read<DrawWinnersResponse>(winnersRead.path).then(
    (winners) => {
      if (handedOver) return;
      showWinners(page, winners);
      shown.push({ queryKey: winnersRead.queryKey, data: winners });
    },
    () => {
      // React retries on its own once it takes over; meanwhile the page says what it would say.
      if (!handedOver) showWinners(page, undefined);
    },
  );
  read<PublicDrawResponse>(drawProofRead.path).then(
    (response) => {
      if (handedOver) return;
      showDrawProof(page, response.draw);
      shown.push({ queryKey: drawProofRead.queryKey, data: response });
    },
    // React shows no proof when its read fails: neither does the page.
    () => undefined,
  );

  return () => {
    handedOver = true;
    return shown;
  };
}
