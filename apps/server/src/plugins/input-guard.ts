import type { FastifyInstance } from 'fastify';
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

/**
 * PostgreSQL cannot store a NUL character in text: left to the database it fails the query with a
 * 500. Refused here for every route at once, before validation.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every request, and a promise per request
    // for a check that never waits showed in the API's profile.
    app.addHook('preValidation', (request, _reply, done) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        return done(new AppError(400, 'invalid_characters', errorMessages.invalidCharacters));
      }
      done();
    });
  },
  { name: 'input-guard' },
);
