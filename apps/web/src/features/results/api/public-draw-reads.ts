import { promoApi } from '@seguridad/contracts/http/promo';
/**
 * The results page's two public reads, by path and query key. Its React queries and its prefill
 * (`results-prefill.ts`, which runs without React) share them, so what the prefill hands over
 * lands in the very queries the page reads.
 */
export const winnersRead = { path: promoApi.winners.path(), queryKey: ['promo', 'winners'] } as const;
export const drawProofRead = { path: promoApi.draw.path(), queryKey: ['promo', 'draw'] } as const;
