import type { FastifyInstance } from 'fastify';

/** Largest form-encoded body accepted: Flow's posts carry a token and a few fields. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Lets the routes of one plugin read `application/x-www-form-urlencoded` bodies (what Flow posts
 * and what plain HTML forms send) as a flat object of strings. Register it inside the plugin that
 * needs it: content-type parsers are encapsulated, so the JSON API stays JSON only.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
