import { z } from 'zod';
import { ratingTexts } from '../messages';
import { successResponseSchema } from './widget';
import { apiRoute } from './api-route';

/**
 * The citizen's rating of a call (decision 044): once per answered call that has ended, with the
 * caller token of the call (no account), 1 to 5 stars and an optional comment kept as plain text.
 */

export const RATING_COMMENT_MAX = 500;
/** Ratings one address may send in 10 minutes: a person rates one call at a time. */
export const RATING_PER_IP_MAX = 10;

export const rateCallBodySchema = z.object({
  stars: z
    .number({ error: ratingTexts.starsRequired })
    .int(ratingTexts.starsRequired)
    .min(1, ratingTexts.starsRequired)
    .max(5, ratingTexts.starsRequired),
  comment: z.string().trim().max(RATING_COMMENT_MAX, ratingTexts.commentTooLong).optional().default(''),
});
export type RateCallBody = z.input<typeof rateCallBodySchema>;

export const callRatingSchema = z.object({
  call_id: z.number().int(),
  stars: z.number().int(),
  comment: z.string(),
  created_at: z.string(),
  /** Who answered the call; null once that account is gone. */
  operator_name: z.string().nullable(),
});
export type CallRating = z.infer<typeof callRatingSchema>;

export const ratingListResponseSchema = z.object({
  code: z.literal(200),
  /** Over every rating the person may see, not only the listed ones. */
  average: z.number(),
  count: z.number().int(),
  /** The latest, newest first. */
  ratings: z.array(callRatingSchema),
});
export type RatingListResponse = z.infer<typeof ratingListResponseSchema>;

export const ratingsApi = {
  rate: apiRoute('POST', '/api/calls/videoCall/:id/rating', 'caller-token', {
    body: rateCallBodySchema,
    response: successResponseSchema,
  }),
  list: apiRoute('GET', '/api/v1/operator/ratings', 'operator', { response: ratingListResponseSchema }),
} as const;
