import type { ServerMetrics } from '../../plugins/metrics/server-metrics';
import { FlowError, type FlowClient } from './flow-client';

/** The Flow client with the calls that got no usable answer counted by why (timeout, refused…). */
export function countedFlowClient(client: FlowClient, metrics: ServerMetrics): FlowClient {
  const counted = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      metrics.flowFailed(error instanceof FlowError ? error.kind : 'other');
      throw error;
    });
  return {
    kind: client.kind,
    createPayment: (input) => counted(client.createPayment(input)),
    getStatus: (token) => counted(client.getStatus(token)),
  };
}
