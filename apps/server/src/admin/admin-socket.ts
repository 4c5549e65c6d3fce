import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { CommandOutput } from './company-commands';

/**
 * PGlite is one process's database: while the server runs on it, `npm run admin` cannot open the
 * same `DATA_DIR`. The server then listens on this Unix socket (mode 0600, inside `DATA_DIR`,
 * which only its owner can read anyway) and runs the command itself; the command finds the socket
 * and forwards its arguments. Stopped server, no socket: the command opens the database.
 */
export function adminSocketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'admin.sock');
}

type Request = { argv: string[] };
type Reply = { out: string } | { err: string } | { exit: number };

/** Serves commands on `socketPath`; returns what closes it. */
export async function serveAdminSocket(
  socketPath: string,
  run: (argv: string[], output: CommandOutput) => Promise<number>,
): Promise<() => Promise<void>> {
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    const send = (reply: Reply) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
    };
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > 64 * 1024) return socket.destroy();
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      let request: Request;
      try {
        request = JSON.parse(buffered.slice(0, end)) as Request;
        if (!Array.isArray(request.argv) || !request.argv.every((arg) => typeof arg === 'string'))
          throw new Error();
      } catch {
        send({ err: 'bad request' });
        send({ exit: 2 });
        socket.end();
        return;
      }
      socket.removeAllListeners('data');
      run(request.argv, { out: (line) => send({ out: line }), err: (line) => send({ err: line }) }).then(
        (code) => {
          send({ exit: code });
          socket.end();
        },
        (error: unknown) => {
          send({ err: `Error: ${(error as Error).message}` });
          send({ exit: 1 });
          socket.end();
        },
      );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/**
 * Sends the command to the server listening on `socketPath` and prints its output; its exit code,
 * or null when no server listens there (no socket, or one a stopped server left behind).
 */
export function forwardToServer(
  socketPath: string,
  argv: string[],
  output: CommandOutput,
): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    let connected = false;
    let buffered = '';
    let exit: number | null = null;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ argv } satisfies Request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const reply = JSON.parse(buffered.slice(0, end)) as Reply;
        buffered = buffered.slice(end + 1);
        if ('out' in reply) output.out(reply.out);
        else if ('err' in reply) output.err(reply.err);
        else exit = reply.exit;
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else {
        output.err(`El servidor cortó el comando / The server dropped the command: ${error.message}`);
        resolve(1);
      }
    });
    socket.on('close', () => {
      if (connected) resolve(exit ?? 1);
    });
  });
}
