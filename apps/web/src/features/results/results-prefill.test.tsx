import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DrawWinnersResponse, PublicDraw, PublicDrawResponse } from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages';
import { drawProofQueryOptions } from './api/get-draw';
import { winnersQueryOptions } from './api/get-winners';
import { ResultsPage } from './results-page';
import { showDrawProof, showWinners } from './results-prefill';

const winners: DrawWinnersResponse = {
  success: true,
  data: [
    { name: 'Valentina R.', phone: '+569 **** *123' },
    { name: '<script>alert("x")</script> & <b>Ñuñoa</b>', phone: '+569 **** *456' },
    { name: 'José "Pepe" O\'Higgins', phone: '+569 **** *789' },
  ],
};

const scheduled: PublicDraw = {
  state: 'published',
  published_at: '2026-12-01T13:00:00.000Z',
  scheduled_at: '2026-12-15T20:00:00.000Z',
  drawn_at: null,
  commitment: 'a'.repeat(64),
  seed: null,
  list_hash: 'b'.repeat(64),
  eligible_count: 412,
  list_url: '/api/promo/draw/eligible.json',
};
const drawn: PublicDraw = {
  ...scheduled,
  state: 'drawn',
  drawn_at: '2026-12-15T20:03:17.000Z',
  seed: 'c'.repeat(64),
};

const drawResponse = (draw: PublicDraw | null): PublicDrawResponse => ({
  success: true,
  places_left: 0,
  draw,
});

type ReactState = { winners?: DrawWinnersResponse | 'failed'; draw?: PublicDrawResponse };

/** The results page as React renders it for the given query states (none: the prerendered page). */
async function reactMarkup({ winners, draw }: ReactState): Promise<string> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  if (winners === 'failed') {
    await queryClient.prefetchQuery({
      queryKey: winnersQueryOptions.queryKey,
      queryFn: () => Promise.reject(new Error('503')),
    });
  } else if (winners) queryClient.setQueryData(winnersQueryOptions.queryKey, winners);
  if (draw) queryClient.setQueryData(drawProofQueryOptions.queryKey, draw);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ResultsPage />
    </QueryClientProvider>,
  );
}

/** Markup as the browser holds it (attribute names lower-cased, entities normalised). */
function asParsed(markup: string): HTMLDivElement {
  const page = document.createElement('div');
  page.innerHTML = markup;
  return page;
}

/** The prerendered page, filled in by the prefill as it would be in the browser. */
async function prefilled({ winners, draw }: ReactState): Promise<HTMLDivElement> {
  const page = asParsed(await reactMarkup({}));
  if (winners) showWinners(page, winners === 'failed' ? undefined : winners);
  if (draw) showDrawProof(page, draw.draw);
  return page;
}

describe('the results page filled in without React', () => {
  const cases: [string, ReactState][] = [
    ['winners, draw not yet run (no seed)', { winners, draw: drawResponse(scheduled) }],
    ['winners, draw run (seed revealed)', { winners, draw: drawResponse(drawn) }],
    ['winners, draw not published', { winners, draw: drawResponse(null) }],
    ['no winners yet, draw run', { winners: { success: true, data: [] }, draw: drawResponse(drawn) }],
    ['the winners failed, the draw pending', { winners: 'failed' }],
    ['the winners pending, the draw run', { draw: drawResponse(drawn) }],
  ];

  it.each(cases)('is what React renders: %s', async (_name, state) => {
    const expected = asParsed(await reactMarkup(state)).innerHTML;
    const actual = (await prefilled(state)).innerHTML;
    expect(actual).toBe(expected);
    // Not a vacuous match: each state shows what it should.
    if (state.winners === 'failed') expect(actual).toContain(promoTexts.winnersFailed);
    if (state.draw?.draw) expect(actual).toContain('data-testid="draw-proof"');
    if (state.draw?.draw?.seed) expect(actual).toContain(state.draw.draw.seed);
  });

  it('writes names as text, never as markup', async () => {
    const page = await prefilled({ winners, draw: drawResponse(drawn) });
    expect(page.querySelector('script, b')).toBeNull();
    const names = [...page.querySelectorAll('tbody tr td:nth-child(2)')].map((cell) => cell.textContent);
    expect(names).toEqual(winners.data.map((winner) => winner.name));
  });

  it('replaces the loading row rather than adding to it', async () => {
    const page = await prefilled({ winners });
    expect(page.textContent).not.toContain(promoTexts.winnersLoading);
    expect(page.querySelectorAll('tbody tr')).toHaveLength(winners.data.length);
  });
});
