import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { REAUTH_ERRORS } from '@seguridad/contracts/constants';
import { dataExportsApi, type DataExport } from '@seguridad/contracts/http/data-exports';
import { staffApi } from '@seguridad/contracts/http/staff';
import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError, apiRequest, uploadWithProgress } from './api-client';
import { getSessionToken, setSessionToken } from './session-token';

/** A local stand-in HTTP server: the client's rules are about status codes, timing and headers. */
function handler(request: IncomingMessage, response: ServerResponse) {
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-headers', '*');
  if (request.method === 'OPTIONS') return response.end();
  const send = (status: number, body: unknown) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  };
  const error = (status: number, message: string, data: string[] = [message], name = 'x') =>
    send(status, { success: false, code: status, error: name, message, data });
  switch (request.url?.split('?')[0]) {
    case '/echo':
      return send(200, {
        authorization: request.headers.authorization ?? null,
        companyKey: request.headers['company-key'] ?? null,
        callToken: request.headers['call-token'] ?? null,
        url: request.url,
      });
    case dataExportsApi.request.pattern:
      return send(200, { code: 200, message: request.method, export: null });
    case '/unauthorized':
      return error(401, 'Debes iniciar sesión para continuar.');
    case '/forbidden':
      return error(403, 'No tienes permiso.');
    case '/password-required':
      return error(403, 'Ingresa tu contraseña actual.', undefined, REAUTH_ERRORS.passwordRequired);
    case '/not-found':
      return error(404, 'El correo ingresado no está en nuestros registros.');
    case '/validation':
      return error(400, 'Los datos enviados no son válidos.', ['Email debe ser válido', 'Otro']);
    case '/slow':
      return setTimeout(() => send(200, { late: true }), 2_000);
    case '/upload': {
      let size = 0;
      request.on('data', (chunk: Buffer) => (size += chunk.length));
      request.on('end', () =>
        send(200, { received: size, callToken: request.headers['call-token'] ?? null }),
      );
      return;
    }
    default:
      return send(500, 'not json');
  }
}

describe('API client', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => setSessionToken('token-123'));

  it('sends the bearer token and the company key only when asked', async () => {
    const withBoth = await apiRequest<{ authorization: string; companyKey: string }>('/echo', {
      baseUrl,
      auth: true,
      companyKey: 'pk_given',
    });
    expect(withBoth.authorization).toBe('Bearer token-123');
    expect(withBoth.companyKey).toBe('pk_given');
    const withNone = await apiRequest<{ authorization: null; companyKey: null }>('/echo', { baseUrl });
    expect(withNone).toMatchObject({ authorization: null, companyKey: null });
  });

  it('adds extra headers without letting them replace its own', async () => {
    const echo = await apiRequest<{ authorization: string; callToken: string; companyKey: string }>('/echo', {
      baseUrl,
      auth: true,
      companyKey: 'pk_given',
      headers: { 'Call-Token': 'caller-secret', Authorization: 'Bearer forged', 'Company-Key': 'pk_forged' },
    });
    expect(echo.callToken).toBe('caller-secret');
    expect(echo.authorization).toBe('Bearer token-123');
    expect(echo.companyKey).toBe('pk_given');
  });

  it('encodes query parameters and leaves out undefined ones', async () => {
    const echo = await apiRequest<{ url: string }>('/echo', {
      baseUrl,
      query: { t: 'a b&c', skip: undefined },
    });
    expect(echo.url).toBe('/echo?t=a+b%26c');
  });

  it.each(['/unauthorized', '/forbidden'])('forgets the stored token on %s', async (path) => {
    await expect(apiRequest(path, { baseUrl, auth: true })).rejects.toBeInstanceOf(ApiRequestError);
    expect(getSessionToken()).toBeNull();
  });

  it('keeps the token on a 403 that asks for the current password', async () => {
    const failure = await apiRequest('/password-required', { baseUrl, auth: true }).catch(
      (error: unknown) => error,
    );
    expect((failure as ApiRequestError).status).toBe(403);
    expect((failure as ApiRequestError).body?.error).toBe(REAUTH_ERRORS.passwordRequired);
    expect(getSessionToken()).toBe('token-123');
  });

  it('rejects other errors, keeps the token and exposes the first server message', async () => {
    const failure = await apiRequest('/validation', { baseUrl, auth: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(400);
    expect((failure as ApiRequestError).userMessage).toBe('Email debe ser válido');
    expect(getSessionToken()).toBe('token-123');
    const notFound = await apiRequest('/not-found', { baseUrl }).catch((error: unknown) => error);
    expect((notFound as ApiRequestError).status).toBe(404);
  });

  it('gives up after the timeout with the generic Spanish message', async () => {
    const failure = await apiRequest('/slow', { baseUrl, timeoutMs: 150 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).status).toBe(0);
    expect((failure as ApiRequestError).message).toBe(errorMessages.generic);
  });

  it('treats a non-JSON failure as a generic error', async () => {
    const failure = await apiRequest('/boom', { baseUrl }).catch((error: unknown) => error);
    expect((failure as ApiRequestError).status).toBe(500);
    expect((failure as ApiRequestError).userMessage).toBe(errorMessages.generic);
  });

  it('uploads multipart data and reports progress up to the end', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(200_000)]), 'video.webm');
    const progress: number[] = [];
    const result = await uploadWithProgress<{ received: number; callToken: string }>('/upload', form, {
      baseUrl,
      headers: { 'call-token': 'caller-secret' },
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.received).toBeGreaterThan(200_000);
    expect(result.callToken).toBe('caller-secret');
    expect(progress.at(-1)).toBe(1);
  });

  it('sends a contract route with its own method and types its answer, body and query from it', async () => {
    const answer = await apiRequest(dataExportsApi.request.request(), { baseUrl });
    expect(answer.message).toBe('POST');
    // Compile-time half, held by the typecheck: the answer is the contract's, nothing to write.
    expectTypeOf(answer.export).toEqualTypeOf<DataExport>();
    const typedOnly = () => {
      // @ts-expect-error a route's answer is the contract's: a hand-written one does not compile
      void apiRequest<{ export: string }>(dataExportsApi.latest.request());
      void apiRequest(staffApi.lookupInvitation.request(), { body: { code: 'ABCD-1234' } });
      // @ts-expect-error the body is what the route's schema takes
      void apiRequest(staffApi.lookupInvitation.request(), { body: { code: 42 } });
    };
    void typedOnly;
  });
});
