import net from 'node:net';

export type CuttableProxy = {
  url: string;
  port: number;
  /** Bytes the browser has sent through the proxy (what reached it, forwarded or not). */
  bytesUp(): number;
  /** Slows what the browser sends to `bytesPerSecond` (undefined: full speed). */
  throttle(bytesPerSecond: number | undefined): void;
  /** The network drops: every connection is cut, and new ones fail, until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of a server that a test can cut, as a mobile network loses coverage:
 * Playwright's offline mode does not stop an upload already under way (decision 029).
 */
export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  let isCut = false;
  let bytesPerSecond: number | undefined;
  let up = 0;
  const server = net.createServer((client) => {
    if (isCut) return void client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      up += chunk.length;
      upstream.write(chunk);
      if (bytesPerSecond) {
        client.pause();
        setTimeout(() => client.resume(), (chunk.length / bytesPerSecond) * 1000);
      }
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    bytesUp: () => up,
    throttle(rate) {
      bytesPerSecond = rate;
    },
    cut() {
      isCut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      isCut = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
