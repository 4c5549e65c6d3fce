import { z } from 'zod';
import { apiRoute } from './api-route';

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

/** A company's public data, asked with its key. */
export const companyApi = {
  specialities: apiRoute('GET', '/api/company/specialities', 'company-key', {
    response: specialitiesResponseSchema,
  }),
} as const;
