import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@seguridad/contracts/messages';
import { bearer, getAs, postAs } from '../../testing/accounts';
import {
  callTestServer,
  demoKey,
  demoOperatorSession,
  openDemoCompany,
  startCall,
  waitFor,
  type CallTestServer,
} from '../../testing/calls';
import { createTestApp } from '../../testing/test-app';
import { sampleValue } from '../../testing/metrics-text';

const TOKEN = 'token-de-metricas-para-pruebas-0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('GET /metrics', () => {
  it('is not there without METRICS_TOKEN or METRICS_PORT, and requests are not timed', async () => {
    const ctx = await createTestApp();
    try {
      const response = await getAs(ctx, TOKEN, '/metrics');
      expect(response.statusCode).toBe(404);
      expect(await ctx.app.metrics.registry.getMetricsAsJSON()).toContainEqual(
        expect.objectContaining({ name: 'seguridad_http_request_duration_seconds', values: [] }),
      );
    } finally {
      await ctx.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let server: CallTestServer;
    const scrape = () => getAs(server.ctx, TOKEN, '/metrics').then((r) => r.body);

    beforeAll(async () => {
      server = await callTestServer({ env: { METRICS_TOKEN: TOKEN } });
      await openDemoCompany(server.ctx);
    });
    afterAll(() => server.close());

    it('answers only the bearer of the token, in the Prometheus text format', async () => {
      for (const headers of [
        {},
        bearer('otro-token-que-no-es-el-del-servidor-000'),
        { authorization: TOKEN },
      ]) {
        const refused = await server.ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(refused.statusCode).toBe(401);
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(refused.json()).toMatchObject({ message: errorMessages.metricsTokenRequired });
      }
      const response = await getAs(server.ctx, TOKEN, '/metrics');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'seguridad_realtime_sockets',
        'seguridad_calls_waiting',
        'seguridad_calls_answered_total',
        'seguridad_upload_bytes_total',
        'seguridad_message_send_failures_total',
        'seguridad_flow_errors_total',
        'seguridad_background_job_runs_total',
      ]) {
        expect(response.body).toContain(`# TYPE ${name} `);
      }
    });

    it('labels requests by route pattern and status class, never by path or id', async () => {
      await server.ctx.app.inject({ method: 'GET', url: '/api/calls/videoCall/987654/relaySettings' });
      await server.ctx.app.inject({ method: 'GET', url: '/api/health' });
      await server.ctx.app.inject({ method: 'HEAD', url: '/api/health' });
      await server.ctx.app.inject({ method: 'GET', url: '/api/no-existe/123456789' });
      await server.ctx.app.inject({ method: 'PROPFIND', url: '/cualquier/cosa/5555' });
      const text = await scrape();
      const histogram = 'seguridad_http_request_duration_seconds_count';
      expect(
        sampleValue(text, histogram, {
          method: 'GET',
          route: '/api/calls/videoCall/:id/relaySettings',
          status_class: '4xx',
        }),
      ).toBe(1);
      expect(sampleValue(text, histogram, { method: 'GET', route: '/api/health', status_class: '2xx' })).toBe(
        1,
      );
      expect(sampleValue(text, histogram, { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(
        1,
      );
      for (const raw of ['987654', '123456789', '5555', 'no-existe', 'PROPFIND'])
        expect(text).not.toContain(raw);
    });

    it('counts calls queued, answered with their time to answer, and abandoned; and the centre now', async () => {
      const admin = await demoOperatorSession(server.ctx);
      let text = await scrape();
      expect(sampleValue(text, 'seguridad_companies_open_without_operator')).toBe(1);

      const consoleSocket = await server.connectConsole(admin.token);
      const answered = await startCall(server.ctx);
      const waiting = await startCall(server.ctx);
      text = await scrape();
      expect(sampleValue(text, 'seguridad_calls_queued_total', { kind: 'video' })).toBe(2);
      expect(sampleValue(text, 'seguridad_calls_waiting', { kind: 'video' })).toBe(2);
      expect(sampleValue(text, 'seguridad_call_longest_wait_seconds')).toBeGreaterThan(0);
      expect(sampleValue(text, 'seguridad_operators_online')).toBe(1);
      expect(sampleValue(text, 'seguridad_companies_open_without_operator')).toBe(0);
      expect(sampleValue(text, 'seguridad_realtime_sockets', { kind: 'operator' })).toBe(1);

      const accept = await postAs(server.ctx, admin.token, `/api/v1/operator/calls/${answered.id}/accept`);
      expect(accept.statusCode).toBe(200);
      // The citizen waiting leaves before anyone answers.
      const left = await server.ctx.app.inject({
        method: 'POST',
        url: `/api/calls/videoCall/${waiting.id}/end`,
        headers: { 'call-token': waiting.token, ...demoKey },
        payload: {},
      });
      expect(left.statusCode).toBe(200);

      text = await scrape();
      expect(sampleValue(text, 'seguridad_calls_answered_total', { kind: 'video' })).toBe(1);
      expect(sampleValue(text, 'seguridad_call_time_to_answer_seconds_count', { kind: 'video' })).toBe(1);
      expect(
        sampleValue(text, 'seguridad_call_time_to_answer_seconds_bucket', { kind: 'video', le: '15' }),
      ).toBe(1);
      expect(sampleValue(text, 'seguridad_calls_abandoned_total', { kind: 'video' })).toBe(1);
      expect(sampleValue(text, 'seguridad_calls_waiting', { kind: 'video' })).toBe(0);
      expect(sampleValue(text, 'seguridad_calls_in_progress', { kind: 'video' })).toBe(1);
      expect(sampleValue(text, 'seguridad_call_longest_wait_seconds')).toBe(0);

      consoleSocket.close();
      await waitFor(async () => sampleValue(await scrape(), 'seguridad_operators_online') === 0);
    });
  });

  describe('with METRICS_PORT', () => {
    it('serves the metrics on 127.0.0.1 without a token, and nothing on the public port', async () => {
      const port = await freePort();
      const ctx = await createTestApp({ env: { METRICS_PORT: String(port) } });
      try {
        const served = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
        expect(await served.text()).toContain('# TYPE seguridad_calls_waiting gauge');
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
        expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      } finally {
        await ctx.close();
      }
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });
  });
});
