import { z } from 'zod';
import { WHEEL_PRIZES } from '../constants';
import { apiRoute } from './api-route';

/**
 * The prize wheel (spec §3 "Wheel option", "Spin result"; §7 marketing/getRouletteOptions and
 * getRouletteResult). The server draws the prize; the browser only turns the wheel to it.
 */

export const wheelPrizeSchema = z.enum(WHEEL_PRIZES);

/** One of the wheel's 10 sections, in the order they are drawn clockwise from the top. */
export const wheelOptionSchema = z.object({
  id: z.number().int(),
  uid: wheelPrizeSchema,
  /** A picture of the prize served by the site itself (`/wheel/<prize>.svg`). */
  image_url: z.string(),
  amount: z.number().int(),
});
export type WheelOption = z.infer<typeof wheelOptionSchema>;

/**
 * `GET /api/v1/marketing/getRouletteOptions`. `status` is `no_attempts_left` when the user has no
 * spin left (spec §3: the options response may instead be that status string); the sections come
 * along in both cases so the page can still draw the wheel behind the dialog.
 *
 * ```json
 * { "code": 200, "status": "available", "attempts_left": 2, "opportunities": 3,
 *   "items": [{ "id": 1, "uid": "camera", "image_url": "/wheel/camera.svg", "amount": 1 }, …] }
 * { "code": 200, "status": "no_attempts_left", "attempts_left": 0, "opportunities": 3, "items": […] }
 * ```
 */
export const wheelOptionsResponseSchema = z.object({
  code: z.literal(200),
  status: z.enum(['available', 'no_attempts_left']),
  attempts_left: z.number().int(),
  /** Extra entries in the camera draw accumulated so far. */
  opportunities: z.number().int(),
  items: z.array(wheelOptionSchema),
});
export type WheelOptionsResponse = z.infer<typeof wheelOptionsResponseSchema>;

/**
 * `POST /api/v1/marketing/getRouletteResult`: one spin. `items` is the prize won (`id` is the
 * section to stop on); `items.status` true means no spin is left; `offer.offer_data.amount` is
 * the accumulated opportunities after this spin. With no spin left the answer is a 409 whose
 * message is 'No te quedan intentos!'.
 *
 * ```json
 * { "code": 200, "items": { "id": 4, "uid": "opportunities", "amount": 2, "status": false },
 *   "offer": { "offer_data": { "amount": 5 } }, "attempts_left": 1 }
 * ```
 */
export const wheelSpinResponseSchema = z.object({
  code: z.literal(200),
  items: z.object({
    id: z.number().int(),
    uid: wheelPrizeSchema,
    amount: z.number().int(),
    status: z.boolean(),
  }),
  offer: z.object({ offer_data: z.object({ amount: z.number().int() }) }),
  attempts_left: z.number().int(),
});
export type WheelSpinResponse = z.infer<typeof wheelSpinResponseSchema>;

/** The prize wheel routes. */
export const wheelApi = {
  options: apiRoute('GET', '/api/v1/marketing/getRouletteOptions', 'user', {
    response: wheelOptionsResponseSchema,
  }),
  spin: apiRoute('POST', '/api/v1/marketing/getRouletteResult', 'user', {
    response: wheelSpinResponseSchema,
  }),
} as const;
