import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../lib/app-error';

/** Whether a parsed value holds a NUL character in any string or key, however deep. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a route can receive input a handler reads: a body, path parameters, or a declared query.
 * A GET without parameters and without a query schema has nothing to check, so it carries no hook
 * (its handler never sees an undeclared query: routes read only what their schema types).
 */
export function routeTakesInput(route: {
  method: string | string[];
  url: string;
  schema?: { querystring?: unknown; params?: unknown };
}): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => !BODYLESS_METHODS.has(method.toUpperCase()))) return true;
  return /[:*]/.test(route.url) || Boolean(route.schema?.querystring) || Boolean(route.schema?.params);
}

/**
 * PostgreSQL cannot store a NUL character in text: left to the database it fails the query with a
 * 500. Refused here, before validation, on every route that takes input.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one, and only where there is input: it would otherwise run on
    // every request, and a promise per request for a check that never waits showed in the API's
    // profile (docs/decisions/020-api-hot-path.md).
    const refuseNul = (
      request: FastifyRequest,
      _reply: FastifyReply,
      done: (error?: Error) => void,
    ): void => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        return done(new AppError(400, 'invalid_characters', errorMessages.invalidCharacters));
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!routeTakesInput(route)) return;
      const existing = route.preValidation;
      route.preValidation = existing
        ? [refuseNul, ...(Array.isArray(existing) ? existing : [existing])]
        : [refuseNul];
    });
  },
  { name: 'input-guard' },
);
