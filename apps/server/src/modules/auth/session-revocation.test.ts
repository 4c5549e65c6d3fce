import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs, sendAs } from '../../testing/accounts';
import { callTestServer, demoOperatorSession, disconnected, type CallTestServer } from '../../testing/calls';

describe('revoking sessions closes their sockets', () => {
  let server: CallTestServer;
  beforeAll(async () => {
    server = await callTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('revokeAllAccess disconnects every console socket of the user', async () => {
    const first = await demoOperatorSession(server.ctx);
    const second = await demoOperatorSession(server.ctx);
    const sockets = [await server.connectConsole(first.token), await server.connectConsole(second.token)];
    const closing = sockets.map((socket) => disconnected(socket));
    const response = await sendAs(server.ctx, first.token, 'DELETE', '/api/v1/auth/revokeAllAccess');
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(closing)).toEqual([true, true]);
  });

  it('logout disconnects the sockets of that session only', async () => {
    const leaving = await demoOperatorSession(server.ctx);
    const staying = await demoOperatorSession(server.ctx);
    const leavingSocket = await server.connectConsole(leaving.token);
    const stayingSocket = await server.connectConsole(staying.token);
    const closing = disconnected(leavingSocket);
    const response = await postAs(server.ctx, leaving.token, '/api/v1/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(await closing).toBe(true);
    expect(await disconnected(stayingSocket, 500)).toBe(false);
  });
});
