import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../lib/app-error';

/**
 * Whether a string cannot be stored or encoded as text: a NUL (PostgreSQL refuses it) or a lone
 * UTF-16 surrogate (`\ud800` from JSON's escapes: `jsonb` refuses it and `encodeURIComponent` throws).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function badText(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/** Whether a parsed value holds such a character in any string or key, however deep. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return badText(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (badText(key) || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * RFC 2046 caps a multipart boundary at 70 characters; busboy throws (a 500 from the upload
 * routes) on one past 256, so anything longer than the standard is refused as malformed.
 */
const MULTIPART_BOUNDARY_MAX = 70;

export function hasOversizedBoundary(contentType: string | undefined): boolean {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return false;
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(contentType);
  const value = boundary ? (boundary[1] ?? boundary[2] ?? '').trim() : '';
  return value.length > MULTIPART_BOUNDARY_MAX;
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
 * PostgreSQL cannot store a NUL character (or a lone surrogate) in text: left to the database it
 * fails the query with a 500. Refused here, before validation, on every route that takes input,
 * with a multipart body whose boundary busboy would choke on.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one, and only where there is input: it would otherwise run on
    // every request, and a promise per request for a check that never waits showed in the API's
    // profile (bench/measurements/hot-path/020-api-hot-path.md).
    const refuseNul = (
      request: FastifyRequest,
      _reply: FastifyReply,
      done: (error?: Error) => void,
    ): void => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        return done(new AppError(400, 'invalid_characters', errorMessages.invalidCharacters));
      }
      if (hasOversizedBoundary(request.headers['content-type'])) {
        return done(new AppError(400, 'malformed_form', errorMessages.malformedForm));
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
