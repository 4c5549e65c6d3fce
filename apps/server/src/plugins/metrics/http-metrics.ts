import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import type { RequestHistogram, RequestObserver } from './request-histogram';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The route label of requests that matched no route (any path: never the path itself). */
export const UNMATCHED_ROUTE = 'unmatched';

/** One observer per status class of a route, bound once so a request looks no label up. */
function observersFor(histogram: RequestHistogram, method: string, route: string) {
  const bound: (RequestObserver | undefined)[] = [];
  return (statusCode: number): RequestObserver => {
    const index = Math.min(4, Math.max(0, Math.floor(statusCode / 100) - 1));
    return (bound[index] ??= histogram.bind({ method, route, status_class: STATUS_CLASSES[index]! }));
  };
}

function appendHook<T>(existing: T | T[] | undefined, hook: T): T[] {
  if (!existing) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}

/**
 * One histogram observation per request, labelled by the route's pattern as declared
 * (`/api/calls/videoCall/:id`), never the URL. Matched routes carry their own bound observer (an
 * `onSend` hook added when the route is declared), so a request costs a clock read at each end and
 * one observation: no response listener (an `onResponse` hook would add two per response,
 * bench/measurements/hot-path/025-no-request-listeners.md) and no label lookup. Requests no route matched are
 * observed by `observeUnmatched`, which the not-found handler calls.
 */
export function measureRequests(
  app: FastifyInstance,
  histogram: RequestHistogram,
): { observeUnmatched(request: FastifyRequest, statusCode: number): void } {
  app.decorateRequest('metricsStartedAt', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.metricsStartedAt = performance.now();
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const forStatus = observersFor(histogram, methods.join(','), route.url);
    const observe: onSendHookHandler = (request, reply, payload, done) => {
      forStatus(reply.statusCode).observe((performance.now() - request.metricsStartedAt) / 1000);
      done(null, payload);
    };
    route.onSend = appendHook(route.onSend, observe);
  });
  const unmatched = new Map<string, ReturnType<typeof observersFor>>();
  return {
    observeUnmatched(request, statusCode) {
      // A method a client invents would be a new series each: only the standard ones get their own.
      const method = STANDARD_METHODS.has(request.method) ? request.method : 'OTHER';
      let forStatus = unmatched.get(method);
      if (!forStatus) {
        forStatus = observersFor(histogram, method, UNMATCHED_ROUTE);
        unmatched.set(method, forStatus);
      }
      forStatus(statusCode).observe((performance.now() - request.metricsStartedAt) / 1000);
    },
  };
}

const STANDARD_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** `performance.now()` when the request arrived (only while metrics are on). */
    metricsStartedAt: number;
  }
}
