import { useEffect, useState, useSyncExternalStore } from 'react';
import { CompositeRecorder, canRecordCalls } from '../../shared/call/composite-recorder';
import type { CallSession } from '../../shared/call/call-session';
import { RecordingController, type RecordingStep } from '../../shared/call/recording-controller';
import { uploadRecordingChunk } from './api/upload-recording-chunk';

const OFF: RecordingStep = { step: 'off' };
const noSubscription = () => () => {};

export type CallRecording = {
  state: RecordingStep;
  supported: boolean;
  start: () => void;
  /** Stops and uploads the rest; resolves when the server was told (or nothing was recording). */
  stop: () => Promise<void>;
};

/** The console's recording of the call in progress (decision 017), one controller per session. */
export function useCallRecording(session: CallSession | null): CallRecording {
  const [supported] = useState(canRecordCalls);
  const [controller, setController] = useState<RecordingController | null>(null);
  useEffect(() => {
    if (!session) return;
    const created = new RecordingController(session, {
      createRecorder: (local, remote, onChunk) => new CompositeRecorder(local, remote, onChunk),
      upload: uploadRecordingChunk,
    });
    setController(created);
    return () => {
      created.dispose();
      setController(null);
    };
  }, [session]);
  const state = useSyncExternalStore(
    controller?.subscribe ?? noSubscription,
    controller?.getState ?? (() => OFF),
  );
  return {
    state,
    supported,
    start: () => controller?.start(),
    stop: () => controller?.stop() ?? Promise.resolve(),
  };
}
