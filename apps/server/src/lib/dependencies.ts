import type { FastifyInstance } from 'fastify';

/**
 * What service, realtime and lib functions take from the app, by name: each is a decorator the
 * plugins put on it (`config`, `database`, `mail`, `io`, `roomSize`, `attempts`, `storage`, …). A
 * function's signature lists the ones it uses, `deps: Deps<'database' | 'io'>`, instead of the whole
 * `FastifyInstance`: a reader sees what it touches, the app passes itself, and a test can pass just
 * those pieces.
 */
export type Deps<Name extends keyof FastifyInstance> = Pick<FastifyInstance, Name>;
