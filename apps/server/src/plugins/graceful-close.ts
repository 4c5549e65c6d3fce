import type { FastifyInstance } from 'fastify';

/**
 * Closes the app (the listener stops accepting at once, idle keep-alive connections end) and, if
 * requests are still in flight after `graceMs` (a stalled upload), cuts their connections so the
 * close hooks run and the process can end.
 */
export async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  timer.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
