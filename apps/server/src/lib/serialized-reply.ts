import type { FastifyReply } from 'fastify';

/**
 * Sends a body the route's own response schema already serialized (`reply.serialize`), for replies
 * that are the same for many requests and are kept as strings. A route's typed reply only takes
 * the object the string came from; this takes any reply.
 */
export function sendSerialized(reply: FastifyReply, body: string): void {
  reply.type('application/json; charset=utf-8').send(body);
}
