import { isLivePhase, remoteStreamOf } from './call-state';
import type { CallSessionSnapshot } from './call-snapshot';
import { RecordingUploader, type ChunkResult, type UploaderState } from './recording-uploader';

/** What the controller needs of a recorder (CompositeRecorder in the browser, a fake in tests). */
export type Recorder = {
  setRemoteStream(remote: MediaStream | null): void;
  stop(): Promise<void>;
};

/** What it needs of the call session. */
export type RecordedSession = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CallSessionSnapshot;
  startRecording(): void;
  stopRecording(): void;
};

/**
 * The console's recording, as the call view shows it:
 *
 *   off ──start()──▶ requested ──server: startRecording(id)──▶ recording ──stop()──▶ stopping ──▶ off
 *                       │                                          │ server: stopRecording / call over
 *                       └──── call over ─────▶ off ◀───────────────┘ (last chunk still uploaded)
 *
 * The recorder starts only when the server confirms (and has told the citizen). A recording the
 * server has open that this console did not start (the console was reloaded mid-recording) is
 * closed at once: its recorder is gone, and the operator can start a new one.
 */
export type RecordingStep =
  | { step: 'off' }
  | { step: 'requested' }
  | { step: 'recording'; recordingId: number; uploader: UploaderState }
  | { step: 'stopping' };

export type RecordingControllerOptions = {
  createRecorder: (
    local: MediaStream | null,
    remote: MediaStream | null,
    onChunk: (chunk: Blob) => void,
  ) => Recorder;
  upload: (recordingId: number, seq: number, chunk: Blob) => Promise<ChunkResult>;
  /** Retry pauses; tests pass a fake. */
  wait?: (ms: number) => Promise<void>;
};

export class RecordingController {
  private state: RecordingStep = { step: 'off' };
  private readonly listeners = new Set<() => void>();
  private recorder: Recorder | null = null;
  private uploader: RecordingUploader | null = null;
  private remote: MediaStream | null = null;
  private readonly unsubscribe: () => void;
  private finishing: Promise<void> | null = null;

  constructor(
    private readonly session: RecordedSession,
    private readonly options: RecordingControllerOptions,
  ) {
    this.unsubscribe = session.subscribe(() => this.onSnapshot());
    this.onSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = (): RecordingStep => this.state;

  /** The operator pressed Grabar llamada. */
  start(): void {
    if (this.state.step !== 'off' || !isLivePhase(this.session.getSnapshot().phase)) return;
    this.set({ step: 'requested' });
    this.session.startRecording();
  }

  /**
   * The operator pressed Detener grabación (or hangs up): the recorder hands out its last chunk,
   * every chunk is uploaded, then the server is told to finalise.
   */
  stop(): Promise<void> {
    if (this.state.step === 'requested') {
      this.set({ step: 'off' });
      return Promise.resolve();
    }
    if (this.state.step !== 'recording') return this.finishing ?? Promise.resolve();
    return this.finish(true);
  }

  dispose(): void {
    this.unsubscribe();
    void this.recorder?.stop();
    this.recorder = null;
    this.listeners.clear();
  }

  private set(state: RecordingStep): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  private finish(tellServer: boolean): Promise<void> {
    this.set({ step: 'stopping' });
    const recorder = this.recorder;
    const uploader = this.uploader;
    this.recorder = null;
    this.finishing = (async () => {
      await recorder?.stop();
      await uploader?.flush();
      if (tellServer) this.session.stopRecording();
      this.uploader = null;
      this.finishing = null;
      this.set({ step: 'off' });
    })();
    return this.finishing;
  }

  private onSnapshot(): void {
    const snapshot = this.session.getSnapshot();
    const live = isLivePhase(snapshot.phase);
    const remote = remoteStreamOf(snapshot.phase);
    const serverId = snapshot.recording?.recordingId ?? null;

    if (remote && remote !== this.remote) {
      this.remote = remote;
      this.recorder?.setRemoteStream(remote);
    }
    switch (this.state.step) {
      case 'off':
        // Open on the server but not ours (this console was reloaded): close it.
        if (serverId !== null && live && !this.finishing) this.session.stopRecording();
        return;
      case 'requested':
        if (!live) return this.set({ step: 'off' });
        if (serverId !== null) this.begin(serverId, snapshot.localStream);
        return;
      case 'recording':
        // The server stopped it, or the call ended: keep what was recorded, upload the rest.
        if (!live || serverId !== this.state.recordingId) void this.finish(false);
        return;
      case 'stopping':
        return;
    }
  }

  private begin(recordingId: number, local: MediaStream | null): void {
    const uploader = new RecordingUploader({
      upload: (seq, chunk) => this.options.upload(recordingId, seq, chunk),
      onStateChange: (uploaderState) => {
        if (this.state.step === 'recording' && this.state.recordingId === recordingId)
          this.set({ ...this.state, uploader: uploaderState });
      },
      ...(this.options.wait ? { wait: this.options.wait } : {}),
    });
    this.uploader = uploader;
    this.recorder = this.options.createRecorder(local, this.remote, (chunk) => uploader.push(chunk));
    this.set({ step: 'recording', recordingId, uploader: 'idle' });
  }
}
