import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { getSessionToken } from '../api/session-token';

/** `/login?redirect_to=<path and query>`: where to send someone who must sign in first. */
export function loginPathFor(returnTo: string): string {
  return `${webPaths.login}?${new URLSearchParams({ redirect_to: returnTo }).toString()}`;
}

/**
 * For pages that need a session: without a stored token, replaces the page with the login page,
 * which returns here (path and query) afterwards. Checked when the page opens, not on every token
 * change: a page that ends the session itself (account recovery, deletion) keeps showing its
 * outcome. Returns true once a token was found.
 */
export function useRequireSession(): boolean {
  const [hasSession, setHasSession] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (getSessionToken()) setHasSession(true);
    else void navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  }, [navigate, pathname, search]);

  return hasSession;
}

/** Hook for redirecting after a call answered 401 (the session ended meanwhile). */
export function useRedirectToLogin(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    () => void navigate(loginPathFor(`${pathname}${search}`), { replace: true }),
    [navigate, pathname, search],
  );
}
