import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { countedFlowClient } from './counted-flow-client';
import { createFlowClient, disabledFlowClient, type FlowClient } from './flow-client';
import { fetchTransport, loopbackTransport, type FlowTransport } from './flow-transport';

/**
 * Decorates `app.flow`: Flow's API (sandbox or production) when `FLOW_*` is set, else the
 * built-in simulator outside production, reached through this process (see flow-transport.ts).
 * The same client code runs against both; only the config differs.
 */
export const flowPlugin = fp(
  async (app: FastifyInstance) => {
    const config = app.config.flow;
    const transport =
      config.mode === 'simulator' ? loopbackTransport(app, app.config.publicBaseUrl) : fetchTransport;
    const client =
      config.mode === 'disabled'
        ? disabledFlowClient()
        : createFlowClient({ kind: config.mode, ...config, transport });
    if (config.mode === 'disabled') {
      app.log.warn('payments are off: set FLOW_API_URL, FLOW_API_KEY and FLOW_SECRET_KEY to sell the plan');
    }
    app.decorate('flow', countedFlowClient(client, app.metrics));
    app.decorate('flowTransport', transport);
  },
  { name: 'flow', dependencies: ['app-config', 'metrics'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    flow: FlowClient;
    /** How the simulator reaches the confirmation URL it was given (this process, or the network). */
    flowTransport: FlowTransport;
  }
}
