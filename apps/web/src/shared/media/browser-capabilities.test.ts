import { describe, expect, it } from 'vitest';
import { browserCapabilities, supportedRecordingType } from './browser-capabilities';

function FakePeerConnection() {}
const camera = { mediaDevices: { getUserMedia: () => Promise.resolve() } };
function recorder(types: string[]) {
  const MediaRecorder = function () {} as unknown as { isTypeSupported: (type: string) => boolean };
  MediaRecorder.isTypeSupported = (type) => types.includes(type);
  return MediaRecorder;
}

describe('browserCapabilities', () => {
  it('calls and records in a browser with WebRTC, a camera and a WebM recorder', () => {
    const scope = {
      RTCPeerConnection: FakePeerConnection,
      MediaRecorder: recorder(['video/webm;codecs=vp8']),
      navigator: camera,
    };
    expect(browserCapabilities(scope)).toEqual({ call: true, record: true });
    expect(supportedRecordingType(scope)).toBe('video/webm;codecs=vp8');
  });

  it('records but cannot call without RTCPeerConnection (WebKitGTK, hardened Firefox)', () => {
    const scope = { MediaRecorder: recorder(['video/mp4']), navigator: camera };
    expect(browserCapabilities(scope)).toEqual({ call: false, record: true });
    expect(supportedRecordingType(scope)).toBe('video/mp4');
  });

  it('cannot record when the recorder writes no type the console plays', () => {
    const scope = {
      RTCPeerConnection: FakePeerConnection,
      MediaRecorder: recorder(['video/x-matroska']),
      navigator: camera,
    };
    expect(browserCapabilities(scope)).toEqual({ call: true, record: false });
  });

  it('can do neither without getUserMedia (an insecure page or an old browser)', () => {
    const scope = { RTCPeerConnection: FakePeerConnection, MediaRecorder: recorder(['video/webm']) };
    expect(browserCapabilities(scope)).toEqual({ call: false, record: false });
  });

  it('treats a recorder whose type check throws as unable to record', () => {
    const MediaRecorder = function () {} as unknown as { isTypeSupported: (type: string) => boolean };
    MediaRecorder.isTypeSupported = () => {
      throw new Error('not implemented');
    };
    expect(supportedRecordingType({ MediaRecorder })).toBeNull();
  });
});
