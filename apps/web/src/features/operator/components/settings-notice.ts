import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import { errorText } from '../../../shared/api/api-client';
import { operatorTexts } from '../operator-texts';

/** How a settings block reports the outcome of a save to the panel's one notice. */
export type Notify = (message: SnackbarMessage) => void;

export function failureNotice(action: string, error: unknown): SnackbarMessage {
  return { tone: 'error', text: `${action}: ${errorText(error, operatorTexts.connectionProblem)}` };
}
