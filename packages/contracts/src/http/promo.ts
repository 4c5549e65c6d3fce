import { z } from 'zod';

/** A published winner of the camera draw. The phone is masked by the server, never in the browser. */
export const drawWinnerSchema = z.object({
  name: z.string(),
  phone: z.string(),
});
export type DrawWinner = z.infer<typeof drawWinnerSchema>;

export const drawWinnersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(drawWinnerSchema),
});
export type DrawWinnersResponse = z.infer<typeof drawWinnersResponseSchema>;
