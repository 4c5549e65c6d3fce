import { useEffect, useRef } from 'react';
import type { ConsoleQueuedCall } from './call-queue';

/** Two short tones: enough to turn a head, short enough not to disturb a shared room. */
function playChime(): void {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 1175],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
  window.setTimeout(() => void context.close(), 1000);
}

/**
 * Sounds once for each call offered to this operator (decision 043): the offer runs out in
 * seconds, and the console may be behind another window. A browser that blocks audio before any
 * click in the page stays silent; the highlighted card and its countdown remain.
 */
export function useOfferChime(calls: readonly ConsoleQueuedCall[], ownUserId: number | null): void {
  const chimed = useRef(new Set<number>());
  useEffect(() => {
    if (ownUserId === null) return;
    const now = Date.now();
    const fresh = calls.filter(
      (call) =>
        call.offer?.operator_id === ownUserId &&
        call.offerDeadline !== null &&
        call.offerDeadline > now &&
        !chimed.current.has(call.id),
    );
    if (fresh.length === 0) return;
    for (const call of fresh) chimed.current.add(call.id);
    try {
      playChime();
    } catch {
      // No audio device, or audio not allowed yet: the card still shows the offer.
    }
  }, [calls, ownUserId]);
}
