import { createContext, useContext } from 'react';

/**
 * The settings page sends anyone whose session ends to the login page (a 401 drops the token). A
 * section that ends the session on purpose (close everywhere, reset, removing this device) says so
 * first, and shows its own outcome instead.
 */
export const LeavingOnPurposeContext = createContext<() => void>(() => {});

export function useLeaveOnPurpose(): () => void {
  return useContext(LeavingOnPurposeContext);
}
