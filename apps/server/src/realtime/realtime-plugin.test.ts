import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerJoin, callTestServer, insertCall, request, type CallTestServer } from '../testing/calls';
import { adapterChannelKey } from './realtime-plugin';

const noKeep: Socket[] = [];

function tryConnect(url: string, origin: string, kept: Socket[] = noKeep): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    const socket: Socket = connect(url, {
      transports: ['websocket'],
      extraHeaders: { origin },
      reconnection: false,
      timeout: 3_000,
    });
    socket.on('connect', () => {
      if (kept === noKeep) socket.close();
      else kept.push(socket);
      resolve('connected');
    });
    socket.on('connect_error', () => {
      socket.close();
      resolve('refused');
    });
  });
}

describe('realtime server on the API port', () => {
  let server: CallTestServer;
  let url: string;
  beforeAll(async () => {
    server = await callTestServer({ env: { PUBLIC_BASE_URL: 'https://seguridad.example.cl' } });
    url = server.url;
  });
  afterAll(() => server.close());

  it('accepts our own origin', async () => {
    expect(await tryConnect(url, 'https://seguridad.example.cl')).toBe('connected');
    expect(await tryConnect(url, url)).toBe('connected');
  });

  it('refuses pages of other origins', async () => {
    expect(await tryConnect(url, 'https://sitio-ajeno.example.com')).toBe('refused');
  });

  it('compares the whole origin, scheme included', async () => {
    const { host } = new URL(url);
    expect(await tryConnect(url, `https://${host}`)).toBe('refused');
    expect(await tryConnect(url, 'http://seguridad.example.cl')).toBe('refused');
    expect(await tryConnect(url, `http://${host}`)).toBe('connected');
  });
});

describe('sockets per IP', () => {
  let server: CallTestServer;
  beforeAll(async () => {
    server = await callTestServer({ env: { SOCKETS_PER_IP_MAX: '2' } });
  });
  afterAll(() => server.close());

  it('refuses a connection past the cap until one closes', async () => {
    const open: Socket[] = [];
    try {
      expect(await tryConnect(server.url, server.url, open)).toBe('connected');
      expect(await tryConnect(server.url, server.url, open)).toBe('connected');
      expect(await tryConnect(server.url, server.url, open)).toBe('refused');
      open.shift()!.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await tryConnect(server.url, server.url, open)).toBe('connected');
    } finally {
      for (const socket of open) socket.close();
    }
  });
});

describe('a join past the id range', () => {
  let server: CallTestServer;
  beforeAll(async () => {
    server = await callTestServer();
  });
  afterAll(() => server.close());

  it('is refused as a bad payload, not failed in the database', async () => {
    const test = await insertCall(server.ctx);
    const caller = await server.connect();
    const ack = await request<{ ok?: boolean; error?: string }>(
      caller,
      'join',
      callerJoin(test, { videoCallID: 2_147_483_648, lastChatId: 2_147_483_648 }),
    );
    expect(ack.ok).not.toBe(true);
    expect(ack.error).toBe('invalid_payload');
  });
});

describe('the Redis adapter channels', () => {
  it('are kept apart per Redis database number, database 0 keeping the default name', () => {
    expect(adapterChannelKey('redis://127.0.0.1:6379')).toBe('socket.io');
    expect(adapterChannelKey('redis://127.0.0.1:6379/0')).toBe('socket.io');
    expect(adapterChannelKey('redis://127.0.0.1:6379/5')).toBe('socket.io-db5');
    expect(adapterChannelKey('rediss://user:secret@cache.example.cl:6380/12')).toBe('socket.io-db12');
    expect(adapterChannelKey('redis://127.0.0.1:6379/5')).not.toBe(
      adapterChannelKey('redis://127.0.0.1:6379/6'),
    );
  });
});
