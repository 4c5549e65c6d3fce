import { z } from 'zod';
import { codeResponseSchema } from './auth';
import { apiRoute } from './api-route';
import { availabilityTexts } from '../messages/availability';

/**
 * An operator's availability (decision 043). The operator chooses Disponible or En pausa (with a
 * reason); the product sets En llamada while they hold a call and Desconectado while no console of
 * theirs is connected. Only operators who are neither paused nor away keep the centre open.
 */
export const PAUSE_REASONS = ['colacion', 'capacitacion', 'administrativo', 'otra'] as const;
export const pauseReasonSchema = z.enum(PAUSE_REASONS);
export type PauseReason = z.infer<typeof pauseReasonSchema>;

export const pauseReasonLabels: Record<PauseReason, string> = {
  colacion: 'Colación',
  capacitacion: 'Capacitación',
  administrativo: 'Administrativo',
  otra: 'Otra',
};

export const operatorStateSchema = z.enum(['available', 'paused', 'in_call', 'offline']);
export type OperatorState = z.infer<typeof operatorStateSchema>;

export const operatorStateLabels: Record<OperatorState, string> = {
  available: 'Disponible',
  paused: 'En pausa',
  in_call: 'En llamada',
  offline: 'Desconectado',
};

/**
 * A waiting call is offered first to the longest-idle free operator who serves its speciality, for
 * this long (with a sound and a countdown); then anyone who serves it may take it.
 */
export const CALL_OFFER_SECONDS = 10;

/** The operator chooses Disponible, or En pausa with a reason. */
export const setAvailabilityBodySchema = z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('available') }),
    z.object({
      state: z.literal('paused'),
      reason: z.enum(PAUSE_REASONS, { error: availabilityTexts.reasonRequired }),
    }),
  ],
  { error: availabilityTexts.stateInvalid },
);
export type SetAvailabilityBody = z.infer<typeof setAvailabilityBodySchema>;

export const availabilitySchema = z.object({
  /** The operator's own id, to tell a call offered to them from one offered to someone else. */
  user_id: z.number().int(),
  /** What the centre sees: the chosen state, or En llamada while holding a call. */
  state: operatorStateSchema,
  /**
   * The chosen state under En llamada, so the console can show both. `paused` with no reason: a
   * supervisor or an administrator who never chose, and takes no calls (`notTakingCalls`).
   */
  chosen: z.enum(['available', 'paused']),
  reason: pauseReasonSchema.nullable(),
  since: z.string(),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const availabilityResponseSchema = z.object({
  code: z.literal(200),
  availability: availabilitySchema,
});

export const availabilityApi = {
  mine: apiRoute('GET', '/api/v1/operator/availability', 'operator', {
    response: availabilityResponseSchema,
  }),
  set: apiRoute('PUT', '/api/v1/operator/availability', 'operator', {
    body: setAvailabilityBodySchema,
    response: availabilityResponseSchema,
  }),
  decline: apiRoute('POST', '/api/v1/operator/calls/:id/decline', 'operator', {
    response: codeResponseSchema,
  }),
} as const;
