/** How the uploader is doing, for the console's indicator. */
export type UploaderState = 'idle' | 'uploading' | 'retrying' | 'failed';

/** Waits before the n-th retry of a chunk: 0.5 s, 1 s, 2 s… up to 8 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(8_000, 500 * 2 ** Math.max(0, attempt - 1));
}

/** What the server says to a chunk: taken, refused for good (a 4xx it will always refuse), or try again. */
export type ChunkResult = 'ok' | 'refused' | 'retry';

type UploaderOptions = {
  upload: (seq: number, chunk: Blob) => Promise<ChunkResult>;
  onStateChange?: (state: UploaderState) => void;
  /** A chunk is given up after this many attempts (the server finalises what it has). */
  maxAttempts?: number;
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Uploads a recording's chunks one at a time, in order, numbered from 0, each as soon as it exists:
 * a crash loses at most the chunk being recorded. A failed upload is retried (network errors, 5xx,
 * 429) with growing pauses; the next chunk waits, since the server takes them only in order. A
 * chunk the server refuses for good (409 duplicate after a lost answer counts as taken) stops the
 * upload: later chunks could not be appended anyway.
 */
export class RecordingUploader {
  private readonly queue: Blob[] = [];
  private nextSeq = 0;
  private running: Promise<void> | null = null;
  private state: UploaderState = 'idle';
  private gaveUp = false;

  constructor(private readonly options: UploaderOptions) {}

  get uploaded(): number {
    return this.nextSeq;
  }

  get current(): UploaderState {
    return this.state;
  }

  push(chunk: Blob): void {
    if (this.gaveUp || chunk.size === 0) return;
    this.queue.push(chunk);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once every chunk pushed so far is uploaded (true) or the upload gave up (false). */
  async flush(): Promise<boolean> {
    while (this.running) await this.running;
    return !this.gaveUp;
  }

  private setState(state: UploaderState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private async drain(): Promise<void> {
    const maxAttempts = this.options.maxAttempts ?? 8;
    const wait = this.options.wait ?? sleep;
    while (this.queue.length > 0 && !this.gaveUp) {
      const chunk = this.queue[0]!;
      let attempt = 0;
      for (;;) {
        attempt += 1;
        this.setState(attempt === 1 ? 'uploading' : 'retrying');
        let result: ChunkResult;
        try {
          result = await this.options.upload(this.nextSeq, chunk);
        } catch {
          result = 'retry';
        }
        if (result === 'ok') break;
        if (result === 'refused' || attempt >= maxAttempts) {
          this.gaveUp = true;
          this.queue.length = 0;
          this.setState('failed');
          return;
        }
        await wait(retryDelayMs(attempt));
      }
      this.queue.shift();
      this.nextSeq += 1;
    }
    this.setState('idle');
  }
}
