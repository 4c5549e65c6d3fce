/**
 * The results page's two public reads, by path and query key. Its React queries and its prefill
 * (`results-prefill.ts`, which runs without React) share them, so what the prefill hands over
 * lands in the very queries the page reads.
 */
export const winnersRead = { path: '/api/promo/winners', queryKey: ['promo', 'winners'] } as const;
export const drawProofRead = { path: '/api/promo/draw', queryKey: ['promo', 'draw'] } as const;
