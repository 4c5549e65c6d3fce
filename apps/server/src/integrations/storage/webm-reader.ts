/** The stream ended inside an element. */
export class WebmCutError extends Error {
  constructor() {
    super('WebM stream ended inside an element');
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * The bytes of a stream read forward, by absolute position, keeping in memory only what was
 * asked for and not yet passed: a whole file never is.
 */
export class ForwardReader {
  private window: Buffer = EMPTY;
  private start = 0;
  private ended = false;
  private readonly iterator: AsyncIterator<Buffer>;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Where the bytes read so far end. */
  get end(): number {
    return this.start + this.window.length;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const { value, done } = await this.iterator.next();
    if (done) {
      this.ended = true;
      return false;
    }
    this.window = this.window.length === 0 ? value : Buffer.concat([this.window, value]);
    return true;
  }

  /** Reads until the bytes up to `until` are held; false when the stream ends first. */
  async fill(until: number): Promise<boolean> {
    while (this.end < until) if (!(await this.pull())) return false;
    return true;
  }

  /** Bytes held, from `from` (not passed yet) to `to` (read already). */
  slice(from: number, to: number): Buffer {
    if (from < this.start || to > this.end) throw new Error('bytes not held');
    return this.window.subarray(from - this.start, to - this.start);
  }

  /** Passes every byte before `pos`; false when the stream ends first. */
  async skipTo(pos: number): Promise<boolean> {
    while (this.end < pos) {
      this.start = this.end;
      this.window = EMPTY;
      if (!(await this.pull())) return false;
    }
    if (pos > this.start) {
      this.window = this.window.subarray(pos - this.start);
      this.start = pos;
    }
    return true;
  }

  /** The bytes from `from` to `to`, as they arrive; fails when the stream ends first. */
  async *copy(from: number, to: number): AsyncGenerator<Buffer> {
    if (!(await this.skipTo(from))) throw new WebmCutError();
    let pos = from;
    while (pos < to) {
      if (this.end <= pos && !(await this.pull())) throw new WebmCutError();
      const upTo = Math.min(to, this.end);
      const bytes = this.slice(pos, upTo);
      pos = upTo;
      await this.skipTo(pos);
      yield bytes;
    }
  }

  /** Stops reading: the source is released (a Node stream is destroyed). */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}
