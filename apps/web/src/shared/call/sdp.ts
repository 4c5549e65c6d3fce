/** Bandwidth the video encoder starts from, instead of the browser's cautious 300 kbit/s. */
export const VIDEO_START_BITRATE_KBPS = 1_000;

/**
 * Adds Chromium's `x-google-start-bitrate` to every video codec of a session description, so the
 * first key frame goes out in one burst instead of being paced over a few hundred milliseconds.
 * Other browsers ignore the parameter; congestion control still lowers the rate if the network
 * cannot carry it.
 */
export function withVideoStartBitrate(sdp: string, kbps = VIDEO_START_BITRATE_KBPS): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const lines = sdp.split(eol);
  const out: string[] = [];
  let inVideo = false;
  let videoPayloads: string[] = [];
  const withFmtp = new Set<string>();

  const closeVideoSection = () => {
    if (!inVideo) return;
    for (const payload of videoPayloads) {
      if (!withFmtp.has(payload)) out.push(`a=fmtp:${payload} x-google-start-bitrate=${kbps}`);
    }
  };

  for (const line of lines) {
    if (line.startsWith('m=')) {
      closeVideoSection();
      inVideo = line.startsWith('m=video');
      videoPayloads = [];
      withFmtp.clear();
      out.push(line);
      continue;
    }
    if (inVideo) {
      const rtpmap = /^a=rtpmap:(\d+) (VP8|VP9|H264|AV1)\//i.exec(line);
      if (rtpmap) videoPayloads.push(rtpmap[1]!);
      const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
      if (fmtp && videoPayloads.includes(fmtp[1]!)) {
        withFmtp.add(fmtp[1]!);
        if (!fmtp[2]!.includes('x-google-start-bitrate')) {
          out.push(`${line};x-google-start-bitrate=${kbps}`);
          continue;
        }
      }
    }
    // The session's trailing empty line stays last, after any fmtp lines added to the last section.
    if (line === '' && out.length > 0) {
      closeVideoSection();
      inVideo = false;
    }
    out.push(line);
  }
  closeVideoSection();
  return out.join(eol);
}
