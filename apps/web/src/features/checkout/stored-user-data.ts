/**
 * Spec §3 names `userToken` as the checkout login's key. Here a login anywhere is a login
 * everywhere, so the checkout signs in with the site's one session token and never writes
 * `userToken`; leaving the checkout removes a `userToken` left by an older version of the site,
 * together with the buyer data the page cached (docs/decisions/013-checkout-and-flow.md).
 */
export const CHECKOUT_USER_STORAGE_KEY = 'userToken';

export function clearStoredCheckoutUser(): void {
  for (const storage of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      storage().removeItem(CHECKOUT_USER_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing was stored there either.
    }
  }
}
