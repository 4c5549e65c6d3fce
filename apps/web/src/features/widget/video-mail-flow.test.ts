import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../shared/api/api-client';
import {
  canSendVideoMail,
  createVideoMailFlow,
  describeSendFailure,
  formatClock,
  type VideoMailUploader,
} from './video-mail-flow';
import { createVideoRecorder, type RecorderState } from './video-recorder';

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
const fields = { email: 'ana@example.cl', name: 'Ana', phone_number: '+56912345678', message: 'Hola' };

function fakeStream(): MediaStream {
  const tracks = ['video', 'audio'].map((kind) => ({ kind, stop: () => undefined }));
  return { getTracks: () => tracks } as unknown as MediaStream;
}

function setup(
  options: {
    upload?: VideoMailUploader;
    thumbnail?: Blob | null;
    videoBytes?: number;
    maxVideoBytes?: number;
  } = {},
) {
  const video = new Blob([new Uint8Array(options.videoBytes ?? 4)], { type: 'video/webm' });
  const recorder = createVideoRecorder({
    openCamera: async () => fakeStream(),
    startRecording: () => ({ mimeType: 'video/webm', stop: async () => video }),
    captureThumbnail: async () => (options.thumbnail === undefined ? jpeg : options.thumbnail),
    now: () => Date.now(),
    maxDurationMs: 180_000,
  });
  const upload = vi.fn<VideoMailUploader>(options.upload ?? (async () => undefined));
  const flow = createVideoMailFlow({ upload, recorder, maxVideoBytes: options.maxVideoBytes });
  return { flow, upload, video };
}

async function record(flow: ReturnType<typeof setup>['flow']) {
  await flow.openCamera();
  flow.start();
  await flow.stop();
}

describe('createVideoMailFlow', () => {
  it('records, uploads with progress, and keeps the upload until finish() starts over', async () => {
    const { flow, upload, video } = setup({
      upload: async (_upload, { onProgress, onWaiting }) => {
        onWaiting(true);
        expect(flow.getState().upload).toEqual({ progress: 0, waitingForNetwork: true });
        onProgress(0.5);
        onWaiting(false);
        expect(flow.getState().upload).toEqual({ progress: 0.5, waitingForNetwork: false });
      },
    });
    const steps: string[] = [];
    flow.subscribe(() => steps.push(flow.getState().recorder.step));

    await record(flow);
    expect(steps).toEqual(['opening', 'previewing', 'recording', 'finishing', 'recorded']);
    await expect(flow.send(fields, true)).resolves.toBe(true);

    expect(upload).toHaveBeenCalledWith(
      { ...fields, isDerived: true, video, thumbnail: jpeg },
      expect.objectContaining({ onProgress: expect.any(Function) }),
    );
    expect(flow.getState().upload).not.toBeNull();

    flow.finish();
    expect(flow.getState()).toEqual({ recorder: { step: 'idle' }, upload: null });
  });

  it('keeps the same snapshot while nothing changes (React reads it on every render)', async () => {
    const { flow } = setup();
    const before = flow.getState();
    expect(flow.getState()).toBe(before);
    await flow.openCamera();
    expect(flow.getState()).not.toBe(before);
  });

  it('sends nothing before a recording exists', async () => {
    const { flow, upload } = setup();
    await expect(flow.send(fields, false)).resolves.toBe(false);
    await flow.openCamera();
    await expect(flow.send(fields, false)).resolves.toBe(false);
    expect(upload).not.toHaveBeenCalled();
    expect(flow.getState().upload).toBeNull();
  });

  it('sends nothing without a thumbnail (the server requires one)', async () => {
    const { flow, upload } = setup({ thumbnail: null });
    await record(flow);
    await expect(flow.send(fields, false)).resolves.toBe(false);
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a video over the limit without uploading it', async () => {
    const { flow, upload } = setup({ videoBytes: 10, maxVideoBytes: 9 });
    await record(flow);
    const refusal = await flow.send(fields, false).catch((error: unknown) => error);
    expect(describeSendFailure(refusal)).toEqual({ detail: errorMessages.payloadTooLarge });
    expect(upload).not.toHaveBeenCalled();
    expect(flow.getState().upload).toBeNull();
  });

  it('keeps the recording after a failure and sends again', async () => {
    const refusal = new ApiRequestError(422, undefined, 'refused');
    const upload = vi.fn<VideoMailUploader>().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const { flow } = setup({ upload });
    await record(flow);
    await expect(flow.send(fields, false)).rejects.toBe(refusal);
    expect(flow.getState().upload).toBeNull();
    expect(flow.getState().recorder.step).toBe('recorded');

    await expect(flow.send(fields, false)).resolves.toBe(true);
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('neither sends twice nor retakes while an upload runs', async () => {
    let finishUpload: () => void = () => undefined;
    const { flow, upload } = setup({
      upload: () => new Promise<void>((resolve) => (finishUpload = resolve)),
    });
    await record(flow);
    const sending = flow.send(fields, false);
    await expect(flow.send(fields, false)).resolves.toBe(false);
    await flow.retake();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(flow.getState().recorder.step).toBe('recorded');
    finishUpload();
    await expect(sending).resolves.toBe(true);
    await flow.retake();
    expect(flow.getState().recorder.step).toBe('recorded');
  });

  it('ignores progress reported after the upload ended', async () => {
    let late: (fraction: number) => void = () => undefined;
    const { flow } = setup({
      upload: async (_upload, { onProgress }) => {
        late = onProgress;
      },
    });
    await record(flow);
    await flow.send(fields, false);
    const after = flow.getState();
    late(0.9);
    expect(flow.getState()).toBe(after);
  });
});

describe('describeSendFailure', () => {
  it("gives the server's reason when it answered, and no detail when nothing came back", () => {
    const body = { error: 'validation', message: 'Datos inválidos', data: ['Correo inválido'] };
    expect(describeSendFailure(new ApiRequestError(422, body as never, 'refused'))).toEqual({
      detail: 'Correo inválido',
    });
    expect(describeSendFailure(new ApiRequestError(0, undefined, 'offline'))).toEqual({ detail: null });
    expect(describeSendFailure(new TypeError('Failed to fetch'))).toEqual({ detail: null });
  });
});

describe('canSendVideoMail', () => {
  const recorded: RecorderState = {
    step: 'recorded',
    recording: {
      video: new Blob(),
      mimeType: 'video/webm',
      fileName: 'video.webm',
      thumbnail: jpeg,
      durationMs: 1,
    },
  };

  it('needs a recording with a thumbnail and every field, the phone past its prefix', () => {
    expect(canSendVideoMail(recorded, fields)).toBe(true);
    expect(canSendVideoMail({ step: 'idle' }, fields)).toBe(false);
    expect(
      canSendVideoMail(
        { ...recorded, recording: { ...recorded.recording, thumbnail: null } } as RecorderState,
        fields,
      ),
    ).toBe(false);
    expect(canSendVideoMail(recorded, { ...fields, email: ' ' })).toBe(false);
    expect(canSendVideoMail(recorded, { ...fields, name: '' })).toBe(false);
    expect(canSendVideoMail(recorded, { ...fields, message: undefined })).toBe(false);
    expect(canSendVideoMail(recorded, { ...fields, phone_number: '+56' })).toBe(false);
  });
});

describe('formatClock', () => {
  it('shows minutes and two-digit seconds, never below zero', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9_999)).toBe('0:09');
    expect(formatClock(180_000)).toBe('3:00');
    expect(formatClock(-500)).toBe('0:00');
  });
});
