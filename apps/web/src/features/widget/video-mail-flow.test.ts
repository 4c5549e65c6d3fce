import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../shared/api/api-client';
import {
  canSendVideoMail,
  createVideoMailFlow,
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
  it('records, uploads with progress, and is sent; finish() starts over', async () => {
    const { flow, upload, video } = setup({
      upload: async (_upload, { onProgress, onWaiting }) => {
        onWaiting(true);
        expect(flow.getState().send).toEqual({ step: 'uploading', progress: 0, waitingForNetwork: true });
        onProgress(0.5);
        expect(flow.getState().send).toEqual({ step: 'uploading', progress: 0.5, waitingForNetwork: true });
      },
    });
    const sends: string[] = [];
    flow.subscribe(() => sends.push(flow.getState().send.step));

    await record(flow);
    expect(flow.getState().recorder.step).toBe('recorded');
    await flow.send(fields, true);

    expect(upload).toHaveBeenCalledWith(
      { ...fields, isDerived: true, video, thumbnail: jpeg },
      expect.objectContaining({ onProgress: expect.any(Function) }),
    );
    expect(flow.getState().send).toEqual({ step: 'sent' });
    expect(sends.at(-1)).toBe('sent');

    flow.finish();
    expect(flow.getState()).toEqual({ recorder: { step: 'idle' }, send: { step: 'editing', failure: null } });
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
    await flow.send(fields, false);
    await flow.openCamera();
    await flow.send(fields, false);
    expect(upload).not.toHaveBeenCalled();
    expect(flow.getState().send).toEqual({ step: 'editing', failure: null });
  });

  it('sends nothing without a thumbnail (the server requires one)', async () => {
    const { flow, upload } = setup({ thumbnail: null });
    await record(flow);
    await flow.send(fields, false);
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a video over the limit without uploading it', async () => {
    const { flow, upload } = setup({ videoBytes: 10, maxVideoBytes: 9 });
    await record(flow);
    await flow.send(fields, false);
    expect(upload).not.toHaveBeenCalled();
    expect(flow.getState().send).toEqual({
      step: 'editing',
      failure: { detail: errorMessages.payloadTooLarge },
    });
  });

  it("keeps the recording after a refusal, with the server's reason, and sends again", async () => {
    const refusal = new ApiRequestError(
      422,
      { error: 'invalid', message: 'x', data: ['Correo inválido'] } as never,
      'x',
    );
    const upload = vi.fn<VideoMailUploader>().mockRejectedValueOnce(refusal).mockResolvedValueOnce(undefined);
    const { flow } = setup({ upload });
    await record(flow);
    await flow.send(fields, false);
    expect(flow.getState().send).toEqual({ step: 'editing', failure: { detail: 'Correo inválido' } });
    expect(flow.getState().recorder.step).toBe('recorded');

    await flow.send(fields, false);
    expect(flow.getState().send).toEqual({ step: 'sent' });
  });

  it('says nothing more than that it failed when no answer came', async () => {
    const { flow } = setup({
      upload: () => Promise.reject(new ApiRequestError(0, undefined, 'offline')),
    });
    await record(flow);
    await flow.send(fields, false);
    expect(flow.getState().send).toEqual({ step: 'editing', failure: { detail: null } });
  });

  it('neither sends twice nor retakes while an upload runs', async () => {
    let finishUpload: () => void = () => undefined;
    const { flow, upload } = setup({
      upload: () => new Promise<void>((resolve) => (finishUpload = resolve)),
    });
    await record(flow);
    const sending = flow.send(fields, false);
    await flow.send(fields, false);
    await flow.retake();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(flow.getState().recorder.step).toBe('recorded');
    finishUpload();
    await sending;
    expect(flow.getState().send.step).toBe('sent');
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
    late(0.9);
    expect(flow.getState().send).toEqual({ step: 'sent' });
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
