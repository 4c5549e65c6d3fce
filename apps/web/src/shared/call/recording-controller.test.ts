import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RECORDING_TYPE } from '@seguridad/contracts/constants';
import {
  callId,
  caller,
  cleanUpCalls,
  connectedCaller,
  connectedOperator,
  fakeStream,
  operator,
  room,
  settle,
} from './testing/call-fixtures';
import { RecordingController, type Recorder } from './recording-controller';
import { RecordingUploader, retryDelayMs, type ChunkResult } from './recording-uploader';

afterEach(cleanUpCalls);

/** jsdom's Blob cannot be read back: each test chunk remembers what it stands for. */
const labels = new WeakMap<Blob, string>();
function blob(text: string): Blob {
  const chunk = new Blob([text]);
  labels.set(chunk, text);
  return chunk;
}

/** A recorder that hands out the chunks the test gives it, and one last chunk on stop. */
class FakeRecorder implements Recorder {
  static last: FakeRecorder;
  remote: MediaStream | null;
  stopped = false;
  constructor(
    readonly local: MediaStream | null,
    remote: MediaStream | null,
    readonly onChunk: (chunk: Blob) => void,
  ) {
    this.remote = remote;
    FakeRecorder.last = this;
  }
  setRemoteStream(remote: MediaStream | null) {
    this.remote = remote;
  }
  async stop() {
    this.stopped = true;
    this.onChunk(blob('last'));
  }
}

function controllerFor(
  session: ConstructorParameters<typeof RecordingController>[0],
  results: ChunkResult[] = [],
) {
  const uploads: { recordingId: number; seq: number; text: string }[] = [];
  const controller = new RecordingController(session, {
    createRecorder: (local, remote, onChunk) => new FakeRecorder(local, remote, onChunk),
    upload: async (recordingId, seq, chunk) => {
      uploads.push({ recordingId, seq, text: labels.get(chunk) ?? '?' });
      return results.shift() ?? 'ok';
    },
    wait: async () => {},
  });
  return { controller, uploads };
}

describe('recording controller (the console side)', () => {
  it('asks the server first and starts recording only once the server confirms with an id', async () => {
    const { socket, session, peer } = await connectedOperator();
    peer.fireTrack(fakeStream());
    const { controller } = controllerFor(session);
    controller.start();
    expect(controller.getState()).toEqual({ step: 'requested' });
    expect(socket.signals('startRecording')).toEqual([
      { id: 'startRecording', roomName: room, recordingType: DEFAULT_RECORDING_TYPE, videoCallID: callId },
    ]);
    socket.message({
      id: 'startRecording',
      from: operator.userID,
      recordingType: 1,
      videoCallID: callId,
      recordingId: 5,
    });
    expect(controller.getState()).toMatchObject({ step: 'recording', recordingId: 5 });
    expect(FakeRecorder.last.local).toBe(session.getSnapshot().localStream);
    expect(FakeRecorder.last.remote).not.toBeNull();
  });

  it('uploads chunks in order with their numbers, then stops: last chunk uploaded before stopRecording', async () => {
    const { socket, session } = await connectedOperator();
    const { controller, uploads } = controllerFor(session);
    controller.start();
    socket.message({
      id: 'startRecording',
      from: operator.userID,
      recordingType: 1,
      videoCallID: callId,
      recordingId: 5,
    });
    FakeRecorder.last.onChunk(blob('a'));
    FakeRecorder.last.onChunk(blob('b'));
    await controller.stop();
    expect(uploads).toEqual([
      { recordingId: 5, seq: 0, text: 'a' },
      { recordingId: 5, seq: 1, text: 'b' },
      { recordingId: 5, seq: 2, text: 'last' },
    ]);
    expect(socket.signals('stopRecording')).toEqual([
      { id: 'stopRecording', roomName: room, videoCallID: callId },
    ]);
    expect(controller.getState()).toEqual({ step: 'off' });
  });

  it('keeps recording across a new remote stream (the citizen reloaded)', async () => {
    const { socket, session, peer } = await connectedOperator();
    const { controller } = controllerFor(session);
    controller.start();
    socket.message({
      id: 'startRecording',
      from: operator.userID,
      recordingType: 1,
      videoCallID: callId,
      recordingId: 5,
    });
    const first = FakeRecorder.last.remote;
    const again = fakeStream();
    peer.fireTrack(again);
    await settle();
    expect(controller.getState()).toMatchObject({ step: 'recording', recordingId: 5 });
    expect(FakeRecorder.last.remote).not.toBe(first);
  });

  it('closes a recording the server has open that this console did not start (it was reloaded)', async () => {
    const { socket, session } = await connectedOperator();
    controllerFor(session);
    socket.message({
      id: 'startRecording',
      from: operator.userID,
      recordingType: 1,
      videoCallID: callId,
      recordingId: 9,
    });
    expect(socket.signals('stopRecording')).toHaveLength(1);
  });

  it('stops the recorder when the call ends, keeping what was recorded', async () => {
    const { socket, session } = await connectedOperator();
    const { controller, uploads } = controllerFor(session);
    controller.start();
    socket.message({
      id: 'startRecording',
      from: operator.userID,
      recordingType: 1,
      videoCallID: callId,
      recordingId: 5,
    });
    const recorder = FakeRecorder.last;
    socket.fire('call:ended', { roomName: room, reason: 'caller_left' });
    await settle();
    expect(recorder.stopped).toBe(true);
    expect(uploads.map((upload) => upload.text)).toEqual(['last']);
    expect(controller.getState()).toEqual({ step: 'off' });
  });
});

describe('recording state on the citizen side', () => {
  it('shows the recording from startRecording to stopRecording, and after a rejoin', async () => {
    const { socket, session } = await connectedCaller();
    expect(session.getSnapshot().recording).toBeNull();
    socket.message({
      id: 'startRecording',
      from: operator.userID,
      recordingType: 1,
      videoCallID: callId,
      recordingId: 3,
    });
    expect(session.getSnapshot().recording).toEqual({ recordingId: 3 });
    socket.message({ id: 'stopRecording', from: operator.userID, videoCallID: callId });
    expect(session.getSnapshot().recording).toBeNull();
    // The caller never asks to record.
    session.startRecording();
    expect(socket.signals('startRecording')).toEqual([]);
    expect(caller.side).toBe('caller');
  });
});

describe('recording uploader', () => {
  it('retries a failed chunk with growing pauses before sending the next one', async () => {
    const results: ChunkResult[] = ['retry', 'retry', 'ok', 'ok'];
    const seen: number[] = [];
    const pauses: number[] = [];
    const uploader = new RecordingUploader({
      upload: async (seq) => {
        seen.push(seq);
        return results.shift()!;
      },
      wait: async (ms) => void pauses.push(ms),
    });
    uploader.push(blob('a'));
    uploader.push(blob('b'));
    expect(await uploader.flush()).toBe(true);
    expect(seen).toEqual([0, 0, 0, 1]);
    expect(pauses).toEqual([retryDelayMs(1), retryDelayMs(2)]);
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    expect(uploader.uploaded).toBe(2);
  });

  it('gives up on a chunk the server refuses for good, and on one that keeps failing', async () => {
    const refused = new RecordingUploader({ upload: async () => 'refused', wait: async () => {} });
    const states: string[] = [];
    const failing = new RecordingUploader({
      upload: vi.fn(async () => {
        throw new Error('offline');
      }),
      maxAttempts: 3,
      wait: async () => {},
      onStateChange: (state) => states.push(state),
    });
    refused.push(blob('a'));
    refused.push(blob('b'));
    expect(await refused.flush()).toBe(false);
    expect(refused.uploaded).toBe(0);
    failing.push(blob('a'));
    expect(await failing.flush()).toBe(false);
    expect(states).toEqual(['uploading', 'retrying', 'failed']);
  });
});
