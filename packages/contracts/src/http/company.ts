import { z } from 'zod';

export const specialitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Speciality = z.infer<typeof specialitySchema>;

export const specialitiesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(specialitySchema),
});
export type SpecialitiesResponse = z.infer<typeof specialitiesResponseSchema>;
