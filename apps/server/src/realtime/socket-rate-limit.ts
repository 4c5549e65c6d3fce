import { SIGNALING_LIMITS } from '@seguridad/contracts/realtime/call';
import { errorMessages } from '@seguridad/contracts/messages';
import { refusal, signalError, type AppSocket } from './call-socket';

export type BucketLimits = { burst: number; perSecond: number };

/** A token bucket: `burst` events at once, then `perSecond` on average. */
export function createTokenBucket(limits: BucketLimits, now: () => number = Date.now) {
  let tokens = limits.burst;
  let updatedAt = now();
  return {
    take(): boolean {
      const current = now();
      tokens = Math.min(limits.burst, tokens + ((current - updatedAt) / 1000) * limits.perSecond);
      updatedAt = current;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * Counts every inbound event of the socket (signaling, chat, join, leave) against one bucket. A
 * refused event is dropped with `signal:error` rate_limited (and a refusal to its ack, so the
 * client does not wait); a socket that keeps flooding is disconnected.
 */
export function limitSocketEvents(
  socket: AppSocket,
  limits: BucketLimits & { disconnectAfterRefused: number } = SIGNALING_LIMITS,
): void {
  const bucket = createTokenBucket(limits);
  let refused = 0;
  socket.use((packet, next) => {
    if (bucket.take()) return next();
    refused += 1;
    if (refused > limits.disconnectAfterRefused) {
      socket.disconnect(true);
      return;
    }
    signalError(socket, 'rate_limited', errorMessages.tooManyRequests);
    const ack = packet[packet.length - 1];
    if (typeof ack === 'function') ack(refusal('rate_limited', errorMessages.tooManyRequests));
  });
}
