import { useState } from 'react';
import { REAUTH_ERRORS } from '@seguridad/contracts/constants';
import { ApiRequestError } from '../../shared/api/api-client';

type Run = (password: string | undefined) => Promise<void>;

function reauthError(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status === 403 ? error.body?.error : undefined;
}

/**
 * Runs a two-step phone change; when the server answers that it needs the current password, keeps
 * the change waiting, opens the password dialog, and runs it again with the password given.
 * Any other failure goes to `onFailure`.
 */
export function useOwnerProof(onFailure: (error: unknown) => void) {
  const [waiting, setWaiting] = useState<Run | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function attempt(run: Run, password?: string) {
    setBusy(true);
    try {
      await run(password);
      setWaiting(null);
      setPasswordError(null);
    } catch (error) {
      const reason = reauthError(error);
      if (reason === REAUTH_ERRORS.passwordRequired || reason === REAUTH_ERRORS.passwordWrong) {
        setWaiting(() => run);
        setPasswordError(
          reason === REAUTH_ERRORS.passwordWrong ? (error as ApiRequestError).userMessage : null,
        );
      } else {
        setWaiting(null);
        setPasswordError(null);
        onFailure(error);
      }
    } finally {
      setBusy(false);
    }
  }

  return {
    run: (change: Run) => attempt(change),
    dialog: {
      open: waiting !== null,
      error: passwordError,
      busy,
      onSubmit: (password: string) => {
        if (waiting) void attempt(waiting, password);
      },
      onCancel: () => {
        setWaiting(null);
        setPasswordError(null);
      },
    },
  };
}
