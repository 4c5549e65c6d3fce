import { useCallback, useEffect, useState } from 'react';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import type { SnackbarMessage } from '../../shared/ui/snackbar';

/** A snackbar message that hides by itself after the spec's alert time (§9: 3 s). */
export function useNotice() {
  const [notice, setNotice] = useState<SnackbarMessage | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), DELAYS_MS.alertHide);
    return () => window.clearTimeout(timer);
  }, [notice]);
  const show = useCallback((tone: SnackbarMessage['tone'], text: string) => setNotice({ tone, text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}
