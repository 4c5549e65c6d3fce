import { z } from 'zod';

/**
 * What the server tells the people of an invitation while their settings page is open: sent to
 * `user:<id>` of the other person when an invitation is created, answered or removed, so Mi Red and
 * Redes Externas refresh without a reload (docs/realtime.md).
 */
export const networkEvents = { changed: 'network:changed' } as const;

export const networkChangedEventSchema = z.object({
  invitation_id: z.number().int().positive(),
  change: z.enum(['invited', 'answered', 'removed']),
});
export type NetworkChangedEvent = z.infer<typeof networkChangedEventSchema>;
