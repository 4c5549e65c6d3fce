import type { Deps } from '../../lib/dependencies';

export type FlowHttpRequest = {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
};
export type FlowHttpResponse = { status: number; body: string };

/** How a request reaches Flow (or reaches us back from the simulator): one HTTP exchange. */
export type FlowTransport = (request: FlowHttpRequest) => Promise<FlowHttpResponse>;

export const fetchTransport: FlowTransport = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
  });
  return { status: response.status, body: await response.text() };
};

/**
 * The simulator lives in this very process: requests to our own public base URL are handed to
 * the app with `inject` (full routing, parsing, hooks and error handling, no socket), so it works
 * however the server is reached from outside, and in tests that never listen. Any other URL goes
 * over the network.
 */
export function loopbackTransport(app: Deps<'inject'>, publicBaseUrl: string): FlowTransport {
  const prefix = `${publicBaseUrl}/`;
  return async (request) => {
    if (!request.url.startsWith(prefix)) return fetchTransport(request);
    const response = await app.inject({
      method: request.method,
      url: request.url.slice(publicBaseUrl.length),
      headers: request.headers,
      remoteAddress: '127.0.0.1',
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    return { status: response.statusCode, body: response.body };
  };
}
