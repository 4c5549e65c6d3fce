import { describe, expect, it, vi } from 'vitest';
import { VIDEO_CONSTRAINTS } from '@seguridad/contracts/constants';
import { mediaConstraints, openCameraStream } from './camera';

describe('mediaConstraints', () => {
  it('asks for the spec video size on the chosen devices, or the defaults', () => {
    expect(mediaConstraints({ cameraId: '', microphoneId: '' })).toEqual({
      video: { ...VIDEO_CONSTRAINTS },
      audio: true,
    });
    expect(mediaConstraints({ cameraId: 'cam-2', microphoneId: 'mic-1' })).toEqual({
      video: { ...VIDEO_CONSTRAINTS, deviceId: { exact: 'cam-2' } },
      audio: { deviceId: { exact: 'mic-1' } },
    });
    const relaxed = mediaConstraints({ cameraId: '', microphoneId: '' }, true).video as MediaTrackConstraints;
    expect(relaxed.width).toEqual({ ideal: VIDEO_CONSTRAINTS.width.ideal });
  });
});

describe('openCameraStream', () => {
  it('falls back to the ideal size when the camera cannot meet the minimum', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(Object.assign(new Error('too small'), { name: 'OverconstrainedError' }))
      .mockResolvedValueOnce(stream);
    await expect(openCameraStream({ getUserMedia })).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect((getUserMedia.mock.calls[1]![0] as MediaStreamConstraints).video).toEqual({
      width: { ideal: VIDEO_CONSTRAINTS.width.ideal },
      height: { ideal: VIDEO_CONSTRAINTS.height.ideal },
    });
  });

  it('passes on a refused permission as it is', async () => {
    const denied = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const getUserMedia = vi.fn().mockRejectedValue(denied);
    await expect(openCameraStream({ getUserMedia })).rejects.toBe(denied);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});
