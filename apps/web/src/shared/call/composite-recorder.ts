import { RECORDING_RECORDER_MIME, RECORDING_TIMESLICE_MS } from '@seguridad/contracts/http/recordings';

/**
 * The composite's size: both 4:3 cameras side by side at 320×240 each. Chrome's MediaRecorder
 * encodes VP8 in software, and its cost grows with the pixels: at 480×360 each the recording side's
 * page was busy most of the time on a 2-core machine and the recording fell to a few frames per
 * second (bench/recording-cost.ts, decision 017). At this size faces and gestures stay legible.
 */
export const COMPOSITE_WIDTH = 640;
export const COMPOSITE_HEIGHT = 240;
/** How often the recording gets a video key frame (each one a point players can seek to). */
export const RECORDING_KEYFRAME_INTERVAL_MS = 2_000;
/** Frames drawn into the composite per second; the call itself keeps its own rate. */
export const COMPOSITE_FPS = 15;

/** Whether this browser can record the call as the spec asks (webm, vp8 with opus). */
export function canRecordCalls(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof AudioContext !== 'undefined' &&
    MediaRecorder.isTypeSupported(RECORDING_RECORDER_MIME)
  );
}

function playingVideo(stream: MediaStream | null): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void video.play().catch(() => {});
  return video;
}

/** Draws `video` into the box, letterboxed, or a dark box while it has no picture. */
function drawInto(
  context: CanvasRenderingContext2D,
  video: HTMLVideoElement,
  x: number,
  width: number,
): void {
  context.fillStyle = '#111';
  context.fillRect(x, 0, width, COMPOSITE_HEIGHT);
  if (video.readyState < 2 || !video.videoWidth) return;
  const scale = Math.min(width / video.videoWidth, COMPOSITE_HEIGHT / video.videoHeight);
  const w = video.videoWidth * scale;
  const h = video.videoHeight * scale;
  context.drawImage(video, x + (width - w) / 2, (COMPOSITE_HEIGHT - h) / 2, w, h);
}

/**
 * Records both sides of a call into one WebM (decision 017): the citizen's video and the
 * operator's side by side on a canvas, and both voices mixed with WebAudio, through one
 * MediaRecorder (vp8 + opus) that hands out a chunk every RECORDING_TIMESLICE_MS.
 *
 * The remote stream can change mid-recording (the citizen reloaded and came back on a new
 * connection): `setRemoteStream` swaps the picture and the voice without stopping the recorder,
 * so the file goes on.
 */
export class CompositeRecorder {
  private readonly canvas = document.createElement('canvas');
  private readonly audio = new AudioContext();
  private readonly mix = this.audio.createMediaStreamDestination();
  private readonly localVideo: HTMLVideoElement;
  private readonly remoteVideo: HTMLVideoElement;
  private localSource: MediaStreamAudioSourceNode | null = null;
  private remoteSource: MediaStreamAudioSourceNode | null = null;
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly recorder: MediaRecorder;
  private stopped: Promise<void> | null = null;

  constructor(
    local: MediaStream | null,
    remote: MediaStream | null,
    private readonly onChunk: (chunk: Blob) => void,
  ) {
    void this.audio.resume().catch(() => {});
    this.canvas.width = COMPOSITE_WIDTH;
    this.canvas.height = COMPOSITE_HEIGHT;
    this.localVideo = playingVideo(local);
    this.remoteVideo = playingVideo(remote);
    this.localSource = this.connectAudio(local);
    this.remoteSource = this.connectAudio(remote);
    const context = this.canvas.getContext('2d', { alpha: false })!;
    const draw = () => {
      drawInto(context, this.remoteVideo, 0, COMPOSITE_WIDTH / 2);
      drawInto(context, this.localVideo, COMPOSITE_WIDTH / 2, COMPOSITE_WIDTH / 2);
    };
    draw();
    // A timer rather than requestAnimationFrame: the console may sit in a background tab.
    this.timer = setInterval(draw, 1000 / COMPOSITE_FPS);
    const stream = new MediaStream([
      ...this.canvas.captureStream(COMPOSITE_FPS).getVideoTracks(),
      ...this.mix.stream.getAudioTracks(),
    ]);
    // A key frame every RECORDING_KEYFRAME_INTERVAL_MS starts a new Cluster, so the server's cues
    // let a player jump anywhere (Chrome otherwise makes almost none). Ignored where unsupported.
    const options: MediaRecorderOptions & { videoKeyFrameIntervalDuration?: number } = {
      mimeType: RECORDING_RECORDER_MIME,
      videoKeyFrameIntervalDuration: RECORDING_KEYFRAME_INTERVAL_MS,
    };
    this.recorder = new MediaRecorder(stream, options);
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.onChunk(event.data);
    };
    // Marks of the recorder's own start and stop, which the file's duration must match.
    this.recorder.addEventListener('start', () => performance.mark('call:recording-started'), { once: true });
    this.recorder.addEventListener('stop', () => performance.mark('call:recording-stopped'), { once: true });
    this.recorder.start(RECORDING_TIMESLICE_MS);
  }

  /** The citizen's stream changed (a new connection after a reload): record the new one. */
  setRemoteStream(remote: MediaStream | null): void {
    if (this.stopped || this.remoteVideo.srcObject === remote) return;
    this.remoteVideo.srcObject = remote;
    void this.remoteVideo.play().catch(() => {});
    this.remoteSource?.disconnect();
    this.remoteSource = this.connectAudio(remote);
  }

  /** Stops recording; resolves after the last chunk was handed out. */
  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      clearInterval(this.timer);
      const finish = () => {
        this.localSource?.disconnect();
        this.remoteSource?.disconnect();
        void this.audio.close().catch(() => {});
        for (const track of this.recorder.stream.getTracks()) track.stop();
        this.localVideo.srcObject = null;
        this.remoteVideo.srcObject = null;
        resolve();
      };
      if (this.recorder.state === 'inactive') return finish();
      // The final dataavailable comes before stop.
      this.recorder.addEventListener('stop', finish, { once: true });
      this.recorder.stop();
    });
    return this.stopped;
  }

  private connectAudio(stream: MediaStream | null): MediaStreamAudioSourceNode | null {
    if (!stream || stream.getAudioTracks().length === 0) return null;
    const source = this.audio.createMediaStreamSource(stream);
    source.connect(this.mix);
    return source;
  }
}
