import type { BrowserContext, Page } from '@playwright/test';

/** Keeps every RTCPeerConnection the pages of `context` make, for `selectedCandidates` to read. */
export async function keepPeerConnections(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    Object.defineProperty(window, '__peerConnections', { value: made });
    window.RTCPeerConnection = class extends Original {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    };
  });
}

export type SelectedPair = { local: string; remote: string; protocol: string };

/**
 * The candidate types of the pair a connected peer connection of the page sends media over, as
 * getStats reports them (`host`, `srflx`, `prflx`, `relay`); null while none is connected.
 */
export function selectedCandidates(page: Page): Promise<SelectedPair | null> {
  return page.evaluate(async () => {
    const made = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
    for (const connection of [...made].reverse()) {
      if (connection.connectionState !== 'connected') continue;
      const stats = await connection.getStats();
      let pairId: string | undefined;
      stats.forEach((report) => {
        if (report.type === 'transport' && report.selectedCandidatePairId)
          pairId = report.selectedCandidatePairId;
      });
      const pair = pairId ? stats.get(pairId) : undefined;
      if (!pair) continue;
      const local = stats.get(pair.localCandidateId);
      const remote = stats.get(pair.remoteCandidateId);
      return { local: local.candidateType, remote: remote.candidateType, protocol: local.protocol };
    }
    return null;
  });
}

/** Whether any peer connection of the page has connected (the control journey expects none). */
export function anyPeerConnected(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.some(
      (connection) => connection.connectionState === 'connected',
    ),
  );
}

/** How many peer connections the page made (the control journey checks a call was attempted). */
export function peerConnectionsMade(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections.length,
  );
}
