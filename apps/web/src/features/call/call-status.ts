import { callTexts } from '@seguridad/contracts/messages';
import type { CallPhase } from '../../shared/call/call-state';

/**
 * What the call view says about the phase: the stage's overlay text (shown while not connected;
 * the stage itself shows Reconectando…), the queue lines of a waiting caller, and the header's
 * word once connected. Each sentence appears in one place only.
 */
export type CallStatusTexts = { stage: string; queue: string[]; header: string };

export function callStatusTexts(phase: CallPhase): CallStatusTexts {
  switch (phase.status) {
    case 'idle':
    case 'joining':
      return { stage: callTexts.waiting, queue: [], header: '' };
    case 'waiting': {
      const queue: string[] = [];
      if (phase.position !== null) queue.push(callTexts.queuePosition(phase.position));
      if (phase.etaSeconds !== null) queue.push(callTexts.estimatedWait(phase.etaSeconds));
      return { stage: callTexts.waiting, queue, header: '' };
    }
    case 'connecting':
      return { stage: callTexts.connecting, queue: [], header: '' };
    case 'connected':
      return { stage: callTexts.connected, queue: [], header: phase.reconnecting ? '' : callTexts.connected };
    case 'ended':
      return { stage: callTexts.ended, queue: [], header: '' };
    case 'failed':
      return { stage: phase.message, queue: [], header: '' };
  }
}
