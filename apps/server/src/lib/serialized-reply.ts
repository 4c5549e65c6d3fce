import type { FastifyReply } from 'fastify';

/**
 * A JSON text with every character beyond ASCII written as a `\u` escape: the same JSON to any
 * parser. Node writes a reply's headers and a string body to the socket as one UTF-8 string, and
 * a string that is all ASCII is copied as it is, where one with an accent is encoded character by
 * character on every write (docs/decisions/023-ascii-reused-replies.md).
 */
export function asciiJson(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Serializes a reply that many requests will get, once, by the route's own response schema (so
 * only declared fields go out), as ASCII-only JSON (see asciiJson).
 */
export function serializeForReuse(reply: FastifyReply, payload: unknown): string {
  return asciiJson(reply.serialize(payload) as string);
}

/**
 * Sends a body kept as serialized (serializeForReuse), for replies that are the same for many
 * requests. A route's typed reply only takes the object the string came from; this takes any reply.
 */
export function sendSerialized(reply: FastifyReply, body: string): void {
  reply.type('application/json; charset=utf-8').send(body);
}
