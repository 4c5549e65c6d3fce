import { z } from 'zod';
import { codeSchema, verificationTypeSchema } from './auth';
import { invitationEmailSchema } from './networks';
import { canonicalMailbox } from '../helpers/mailbox';
import { promoTexts } from '../messages';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

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

// ─── Promo registration and the verifiable draw (docs/decisions/015) ───────────────────────────

/** The promo dialog's invitation (spec §3 "Promo invitation"): one address, the dialog's pattern. */
export const promoInviteBodySchema = z.object({ guest_email: invitationEmailSchema });
export type PromoInviteBody = z.infer<typeof promoInviteBodySchema>;

/** The promo phone's code: sent by SMS (1) or WhatsApp (2), as the two-step codes. */
export const promoPhoneCodeBodySchema = z.object({ type: verificationTypeSchema });
export const promoPhoneVerifyBodySchema = z.object({ code: codeSchema });
export type PromoPhoneVerifyBody = z.infer<typeof promoPhoneVerifyBodySchema>;

/** Where the signed-in registrant stands (`GET /api/v1/promo/status`). */
export const promoStatusResponseSchema = z.object({
  code: z.literal(200),
  /** Whether this account entered the draw (signed up on the promo page with a phone). */
  registered: z.boolean(),
  /** Distinct valid addresses invited so far (variants of one mailbox and one's own do not count). */
  invitations: z.number().int(),
  invitations_required: z.number().int(),
  /** Among the first `DRAW.eligibleRegistrants` entries and with the invitations required. */
  eligible: z.boolean(),
  /** Places still open among the first `DRAW.eligibleRegistrants`. */
  places_left: z.number().int(),
  /** The entry's phone, masked, while it still needs its code (null otherwise). */
  phone_to_verify: z.string().nullable(),
  /** An entry counts only with a verified phone and a verified e-mail (decision 039). */
  phone_verified: z.boolean(),
  email_verified: z.boolean(),
});
export type PromoStatusResponse = z.infer<typeof promoStatusResponseSchema>;

/** A published draw as anyone may read it: enough to recompute the winners (decision 015). */
export const publicDrawSchema = z.object({
  state: z.enum(['published', 'drawn']),
  /** SHA-256 (hex) of the 32 seed bytes, published before the draw. */
  commitment: z.string(),
  /** SHA-256 (hex) of the eligible entry ids in list order, joined by '\n'. */
  list_hash: z.string(),
  eligible_count: z.number().int(),
  scheduled_at: z.string(),
  published_at: z.string(),
  /** The seed (64 hex characters), revealed only once the draw took place. */
  seed: z.string().nullable(),
  drawn_at: z.string().nullable(),
  /** Where the eligible list (JSON) is downloaded. */
  list_url: z.string(),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;

/** `GET /api/promo/draw`: the places left and the draw, once published. */
export const publicDrawResponseSchema = z.object({
  success: z.literal(true),
  places_left: z.number().int(),
  draw: publicDrawSchema.nullable(),
});
export type PublicDrawResponse = z.infer<typeof publicDrawResponseSchema>;

/** One line of the published eligible list: no e-mail, a masked name and phone. */
export const eligibleEntrySchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type EligibleEntry = z.infer<typeof eligibleEntrySchema>;

/** `GET /api/promo/draw/eligible.json`: the list the commitment covers, in list order. */
export const eligibleListResponseSchema = z.object({
  list_hash: z.string(),
  entries: z.array(eligibleEntrySchema),
});
export type EligibleListResponse = z.infer<typeof eligibleListResponseSchema>;

/** `POST /api/v1/operator/draw/publish`: when the draw will take place. */
export const publishDrawBodySchema = z.object({ scheduled_at: z.iso.datetime({ offset: true }) });
export type PublishDrawBody = z.infer<typeof publishDrawBodySchema>;

/** A drawn entry as the company's admins see it, to deliver the prize. */
export const drawnEntrySchema = z.object({
  position: z.number().int(),
  entry_id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** False for the `DRAW.cameras` winners, true for the alternates after them. */
  alternate: z.boolean(),
});
export type DrawnEntry = z.infer<typeof drawnEntrySchema>;

/** The console's view of the draw (`GET /api/v1/operator/draw`, and the answers of publish and run). */
export const operatorDrawResponseSchema = z.object({
  code: z.literal(200),
  entries: z.number().int(),
  /** How many would be eligible if the list were published now (or the published list's size). */
  eligible: z.number().int(),
  draw: publicDrawSchema.nullable(),
  /** The winners and the first alternates, in draw order; empty before the draw. */
  drawn: z.array(drawnEntrySchema),
});
export type OperatorDrawResponse = z.infer<typeof operatorDrawResponseSchema>;

/** The promo dialog's three addresses: each well formed, and three different mailboxes. */
export const promoInviteFormSchema = z
  .object({ first: invitationEmailSchema, second: invitationEmailSchema, third: invitationEmailSchema })
  .refine((form) => new Set([form.first, form.second, form.third].map(canonicalMailbox)).size === 3, {
    message: promoTexts.repeatedInDialog,
    path: ['third'],
  });
export type PromoInviteForm = z.infer<typeof promoInviteFormSchema>;

/** The promotion: status, invitations, the draw and its winners. */
export const promoApi = {
  status: apiRoute('GET', '/api/v1/promo/status', 'user', { response: promoStatusResponseSchema }),
  invite: apiRoute('POST', '/api/v1/promo/invite', 'user', {
    body: promoInviteBodySchema,
    response: okResponseSchema,
  }),
  sendPhoneCode: apiRoute('POST', '/api/v1/promo/phone/sendCode', 'user', {
    body: promoPhoneCodeBodySchema,
    response: okResponseSchema,
  }),
  verifyPhone: apiRoute('POST', '/api/v1/promo/phone/verify', 'user', {
    body: promoPhoneVerifyBodySchema,
    response: okResponseSchema,
  }),
  draw: apiRoute('GET', '/api/promo/draw', 'public', { response: publicDrawResponseSchema }),
  eligibleList: apiRoute('GET', '/api/promo/draw/eligible.json', 'public', {
    response: eligibleListResponseSchema,
  }),
  winners: apiRoute('GET', '/api/promo/winners', 'public', { response: drawWinnersResponseSchema }),
  operatorDraw: apiRoute('GET', '/api/v1/operator/draw', 'admin', { response: operatorDrawResponseSchema }),
  publishDraw: apiRoute('POST', '/api/v1/operator/draw/publish', 'admin', {
    body: publishDrawBodySchema,
    response: operatorDrawResponseSchema,
  }),
  runDraw: apiRoute('POST', '/api/v1/operator/draw/run', 'admin', { response: operatorDrawResponseSchema }),
} as const;
