import { useCallback, useEffect, useState } from 'react';

/** Swap to a fresh URL this long before the one in use expires. */
const RENEW_BEFORE_MS = 10 * 60 * 1000;

function expiryOf(signedUrl: string): number {
  const exp = new URL(signedUrl, 'https://placeholder.invalid').searchParams.get('exp');
  return exp && /^\d+$/.test(exp) ? Number(exp) * 1000 : 0;
}

/**
 * Every inbox refetch signs the media URLs anew. Handing each new URL to a `<video>` would restart
 * a video the operator is watching, so a player keeps its URL until it is about to expire (or fails
 * to load), and only then takes the latest one.
 */
export function useStableSignedUrl(latest: string): { url: string; renew: () => void } {
  const [url, setUrl] = useState(latest);

  useEffect(() => {
    if (url !== latest && expiryOf(url) - Date.now() < RENEW_BEFORE_MS) setUrl(latest);
  }, [latest, url]);

  const renew = useCallback(() => setUrl(latest), [latest]);
  return { url, renew };
}
