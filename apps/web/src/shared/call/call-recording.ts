import type { ServerMessage } from '@seguridad/contracts/realtime/call';
import { DEFAULT_RECORDING_TYPE } from '@seguridad/contracts/constants';
import type { CallContext } from './call-types';

/**
 * The call is being recorded (decision 017), as both sides know it from the server: `recordingId`
 * is where the operator's console uploads its chunks. The citizen's view shows the notice and the
 * indicator while it is set.
 */
type RecordingMessage = Extract<ServerMessage, { id: 'startRecording' | 'stopRecording' }>;

/**
 * The recording's state in the session (`recording` in the snapshot), on both sides, and the
 * operator's requests. Recording starts and stops only when the server says so: the server tells
 * the citizen in the same breath, so the console never records before the citizen is told.
 */
export class CallRecordingPart {
  constructor(
    private readonly context: CallContext,
    private readonly callId: number,
  ) {}

  handle(message: RecordingMessage): void {
    if (message.id === 'startRecording') {
      this.context.store.update({ recording: { recordingId: message.recordingId ?? null } });
      return;
    }
    if (this.context.store.get().recording) this.context.store.update({ recording: null });
  }

  /** The operator asks to record (spec `startRecording`, recordingType 1, videoCallID). */
  requestStart(): void {
    if (this.context.side !== 'answerer' || !this.context.isActive()) return;
    this.context.sendSignal({
      id: 'startRecording',
      roomName: this.context.room,
      recordingType: DEFAULT_RECORDING_TYPE,
      videoCallID: this.callId,
    });
  }

  /** The operator's recorder uploaded its last chunk: the server may finalise (spec `stopRecording`). */
  requestStop(): void {
    if (this.context.side !== 'answerer') return;
    this.context.sendSignal({ id: 'stopRecording', roomName: this.context.room, videoCallID: this.callId });
  }

  /** The call is over on this side: the server finalises what was uploaded. */
  close(): void {
    if (this.context.store.get().recording) this.context.store.update({ recording: null });
  }
}
