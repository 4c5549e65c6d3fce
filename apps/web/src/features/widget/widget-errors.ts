import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../shared/api/api-client';

/** What the person reads after a failed call: the server's own message (429 included), else the generic one. */
export function widgetErrorText(error: unknown): string {
  return error instanceof ApiRequestError ? error.userMessage : errorMessages.generic;
}
