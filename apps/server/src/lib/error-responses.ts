import { apiErrorSchema } from '@seguridad/contracts/http/errors';

/** The `response` entries of a route's error statuses: every error has the one API error body. */
export function errorResponses<const Statuses extends readonly number[]>(
  ...statuses: Statuses
): { [Status in Statuses[number]]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [Status in Statuses[number]]: typeof apiErrorSchema;
  };
}
