import { useEffect, useState } from 'react';
import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import { errorText } from '../../../shared/api/api-client';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';

/** How a settings block reports the outcome of a save to the panel's one notice. */
export type Notify = (message: SnackbarMessage) => void;

export function failureNotice(action: string, error: unknown): SnackbarMessage {
  return { tone: 'error', text: `${action}: ${errorText(error, operatorTexts.connectionProblem)}` };
}

const SUCCESS_NOTICE_MS = 6_000;

/** A panel's one notice: successes fade by themselves; failures stay until read and closed. */
export function usePanelNotice() {
  const [notice, setNotice] = useState<SnackbarMessage | null>(null);
  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = window.setTimeout(() => setNotice(null), SUCCESS_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}
