import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A program a journey started: its output for diagnosis, and a stop that waits for it to end. */
export type RunningProgram = {
  output(): string;
  exited(): boolean;
  stop(): Promise<void>;
};

/** Starts a program of Debian's (nginx, coturn, Prometheus) with its output kept. */
export function startProgram(
  command: string,
  args: string[],
  options: { cwd?: string } = {},
): RunningProgram {
  const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-64 * 1024);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => keep(Buffer.from(`\n${command}: ${error.message}\n`)));
  return {
    output: () => log,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const stopped = await Promise.race([ended.then(() => true), sleep(5_000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await ended;
      }
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; fails with what the program printed when it ended or time ran out. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  program?: RunningProgram,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (program?.exited()) throw new Error(`${what}: the program ended:\n${program.output()}`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms${program ? `:\n${program.output()}` : ''}`);
}

/** Whether something accepts TCP connections at `host:port`. */
export function acceptsConnections(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A temporary directory for one journey's files, and its removal. */
export function journeyDirectory(prefix: string): { path: string; remove(): void } {
  const directory = mkdtempSync(path.join(tmpdir(), `seguridad-${prefix}-`));
  return { path: directory, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/**
 * Stops what a journey started, last started first, whatever fails: every step runs, and the first
 * failure is thrown at the end.
 */
export class Teardown {
  private steps: (() => Promise<void> | void)[] = [];

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    let failure: unknown;
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  }
}
