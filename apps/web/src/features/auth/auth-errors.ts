import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../shared/api/api-client';

/**
 * What a person reads after a failed account call: the page's fixed text for a status when it has
 * one, the server's own message for the statuses listed in `serverMessageFor` (429 always: it says
 * how long to wait), and the generic message otherwise (spec §8).
 */
export function authErrorText(
  error: unknown,
  fixed: Partial<Record<number, string>> = {},
  serverMessageFor: number[] = [],
): string {
  if (!(error instanceof ApiRequestError)) return errorMessages.generic;
  const fixedText = fixed[error.status];
  if (fixedText) return fixedText;
  if (error.status === 429 || serverMessageFor.includes(error.status)) return error.userMessage;
  return errorMessages.generic;
}
