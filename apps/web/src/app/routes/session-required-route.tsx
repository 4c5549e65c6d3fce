import { NotFoundPage } from '../../features/not-found/not-found-page';
import { useRequireSession } from '../../shared/auth/require-session';

/**
 * A session-required path whose page has not landed yet: without a session the visitor logs in
 * first and comes back here; with one, there is nothing to show yet.
 */
export function SessionRequiredRoute() {
  const hasSession = useRequireSession();
  return hasSession ? <NotFoundPage /> : null;
}
