import { useSearchParams } from 'react-router';
import { webPaths } from '@seguridad/contracts/web-paths';
import { safeRedirectPath } from '../../shared/auth/safe-redirect';

/** Where to go after signing in: the query's `redirect_to` when it is a path of this site, else home. */
export function useRedirectTarget(): { target: string; raw: string | null } {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('redirect_to');
  return { target: safeRedirectPath(raw), raw };
}

/** `/login2FA`, carrying `redirect_to` along when there is one. */
export function twoFactorPathFor(redirectTo: string | null): string {
  return redirectTo
    ? `${webPaths.login2fa}?${new URLSearchParams({ redirect_to: redirectTo }).toString()}`
    : webPaths.login2fa;
}
