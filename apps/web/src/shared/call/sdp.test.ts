import { describe, expect, it } from 'vitest';
import { withVideoStartBitrate } from './sdp';

const SDP = [
  'v=0',
  'o=- 1 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98',
  'a=rtpmap:96 VP8/90000',
  'a=rtpmap:97 rtx/90000',
  'a=fmtp:97 apt=96',
  'a=rtpmap:98 H264/90000',
  'a=fmtp:98 profile-level-id=42e01f',
  '',
].join('\r\n');

describe('withVideoStartBitrate', () => {
  it('gives every video codec a start bitrate and leaves audio and retransmission alone', () => {
    const lines = withVideoStartBitrate(SDP, 1000).split('\r\n');
    expect(lines).toContain('a=fmtp:98 profile-level-id=42e01f;x-google-start-bitrate=1000');
    expect(lines).toContain('a=fmtp:96 x-google-start-bitrate=1000');
    expect(lines).toContain('a=fmtp:97 apt=96');
    expect(lines).toContain('a=fmtp:111 minptime=10;useinbandfec=1');
    expect(lines.at(-1)).toBe('');
    // The new line belongs to the video section.
    expect(lines.indexOf('a=fmtp:96 x-google-start-bitrate=1000')).toBeGreaterThan(
      lines.indexOf('m=video 9 UDP/TLS/RTP/SAVPF 96 97 98'),
    );
  });

  it('is idempotent and leaves descriptions without video as they are', () => {
    const once = withVideoStartBitrate(SDP);
    expect(withVideoStartBitrate(once)).toBe(once);
    const audioOnly = SDP.split('m=video')[0]!;
    expect(withVideoStartBitrate(audioOnly)).toBe(audioOnly);
  });
});
