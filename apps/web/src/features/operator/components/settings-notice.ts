import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import { ApiRequestError } from '../../../shared/api/api-client';

/** How a settings block reports the outcome of a save to the panel's one notice. */
export type Notify = (message: SnackbarMessage) => void;

export function failureNotice(action: string, error: unknown): SnackbarMessage {
  const reason =
    error instanceof ApiRequestError ? error.userMessage : 'Revisa tu conexión e inténtalo nuevamente.';
  return { tone: 'error', text: `${action}: ${reason}` };
}
