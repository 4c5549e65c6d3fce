import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { expect, test } from '@playwright/test';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { callTexts } from '@seguridad/contracts/messages';
import { chatBothWays, connectCall, expectPlaying, openCallPanel, operatorOnCalls } from '../call-journeys';
import { freePort, startServer } from '../fixtures';
import { withFreshDatabase } from '../support/fresh-database';
import { pngImage } from '../support/images';
import { startS3StandIn } from '../support/s3-stand-in';
import { PIN_COOKIE, pinValuesByProcess, selfSignedCertificate, startNginx } from './support/nginx';
import { journeyDirectory, Teardown } from './support/processes';
import { startPrometheus } from './support/prometheus';
import { recordCallSetup } from './support/call-setup';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
/** How long a participant whose connection dropped keeps its place (the default, as documented). */
const RECONNECT_GRACE_MS = 20_000;
/** Voice tokens one address may ask for in the journey: low, to see the per-IP limit bite. */
const VOICE_TOKENS_MAX = 3;

type Answer = { status: number; headers: Record<string, string | string[] | undefined> };

/** A GET through nginx from a loopback address of our choosing, trusting only our certificate. */
function getThroughProxy(
  url: string,
  options: { ca: Buffer; localAddress?: string; headers?: Record<string, string> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(
      url,
      { ca: options.ca, localAddress: options.localAddress, headers: options.headers },
      (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
      },
    );
    request.once('error', reject);
    request.end();
  });
}

/** A loopback address no earlier run has used: rate-limit counters in Redis outlive a run. */
const freshLoopbackAddress = () => `127.${randomInt(32, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;

test.describe('behind nginx with TLS, two server processes on PostgreSQL and Redis', () => {
  test.skip(
    !databaseUrl || !redisUrl,
    'needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as CI provides',
  );
  test.setTimeout(240_000);

  test('a citizen calls an operator on the other process over https and wss; a process stops and the call goes on', async ({
    browser,
  }) => {
    await withFreshDatabase(databaseUrl!, async (database) => {
      const teardown = new Teardown();
      try {
        const directory = journeyDirectory('proxy');
        teardown.add(directory.remove);
        const [httpsPort, httpPort, prometheusPort, ...metricsPorts] = await Promise.all(
          [0, 1, 2, 3, 4].map(() => freePort()),
        );
        const site = `https://localhost:${httpsPort}`;
        // Files live in a bucket both processes share, as decision 029 deploys them.
        const bucket = await startS3StandIn();
        teardown.add(() => bucket.close());
        const shared = {
          ...bucket.env,
          DATABASE_URL: database,
          REDIS_URL: redisUrl!,
          PUBLIC_BASE_URL: site,
          TRUST_PROXY: 'true',
          MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
          VOICE_TOKEN_SECRET: randomBytes(32).toString('hex'),
          VOICE_TOKENS_MAX: String(VOICE_TOKENS_MAX),
          CALL_RECONNECT_GRACE_MS: String(RECONNECT_GRACE_MS),
        };
        // Both at once on the empty database: the migrations and the seed take one lock
        // (decision 056).
        const processes = await Promise.all(
          metricsPorts.map(async (metricsPort) => {
            const server = await startServer({ ...shared, METRICS_PORT: String(metricsPort) });
            teardown.add(() => server.stop());
            return { ...server, metrics: `127.0.0.1:${metricsPort}` };
          }),
        );
        const prometheus = await startPrometheus(directory.path, {
          port: prometheusPort!,
          targets: processes.map((server) => server.metrics),
        });
        teardown.add(() => prometheus.stop());
        const tls = selfSignedCertificate(directory.path);
        const nginx = await startNginx(directory.path, {
          httpPort: httpPort!,
          httpsPort: httpsPort!,
          upstreamPorts: processes.map((server) => server.port),
          ...tls,
          pinByCookie: true,
        });
        teardown.add(() => nginx.stop());
        const ca = readFileSync(tls.certificate);

        // HSTS once on every answer over TLS, and plain HTTP sent to HTTPS.
        const page = await getThroughProxy(`${site}/`, { ca });
        expect(page.status).toBe(200);
        expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const plain = await fetch(`http://localhost:${httpPort}/ayuda?x=1`, { redirect: 'manual' });
        expect(plain.status).toBe(301);
        expect(plain.headers.get('location')).toBe(`https://localhost/ayuda?x=1`);
        expect((await getThroughProxy(`${site}/metrics`, { ca })).status).toBe(404);

        // The per-IP limit counts the address nginx saw, on both processes alike (Redis), and a
        // client cannot pass for another by sending X-Forwarded-For itself.
        const [one, other] = [freshLoopbackAddress(), freshLoopbackAddress()];
        const voiceToken = (localAddress: string, headers: Record<string, string> = {}) =>
          getThroughProxy(`${site}/api/token`, {
            ca,
            localAddress,
            headers: { 'company-key': DEMO_COMPANY_KEY, ...headers },
          }).then((answer) => answer.status);
        for (let index = 0; index < VOICE_TOKENS_MAX; index += 1) expect(await voiceToken(one)).toBe(200);
        expect(await voiceToken(one)).toBe(429);
        expect(await voiceToken(one, { 'x-forwarded-for': freshLoopbackAddress() })).toBe(429);
        expect(await voiceToken(other)).toBe(200);

        // The operator on the first process, the citizen on the second.
        const [operatorPin, citizenPin] = pinValuesByProcess(processes.length);
        const pin = (value: string) => [{ name: PIN_COOKIE, value: value!, url: site }];
        const operator = await operatorOnCalls(browser, site, pin(operatorPin!));
        teardown.add(() => operator.context.close());
        const citizenContext = await browser.newContext({ baseURL: site });
        teardown.add(() => citizenContext.close());
        await citizenContext.addCookies(pin(citizenPin!));
        const citizen = await citizenContext.newPage();
        await openCallPanel(citizen);
        expect(
          await citizen.evaluate(
            () =>
              (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
          ),
        ).toBe('h2');
        const { callView, consoleCall } = await connectCall(citizen, operator);
        await recordCallSetup(citizen, 'direct, behind nginx (two processes)');
        await chatBothWays(callView, consoleCall, {
          fromCitizen: 'Hola, escribo por https',
          fromOperator: 'La recibo por wss, en el otro proceso',
        });
        // A photo the citizen sends through one process is shown by the other, from the bucket.
        await callView.getByLabel('Adjuntar archivo').setInputFiles({
          name: 'patente.png',
          mimeType: 'image/png',
          buffer: pngImage(),
        });
        const photo = consoleCall.getByRole('img', { name: 'patente.png' });
        await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);

        // Where each side's socket is, as Prometheus scraped it from each process.
        const socketsOf = async (kind: string) =>
          (await prometheus.query(`seguridad_realtime_sockets{kind="${kind}"} > 0`)).map(
            (series) => series.labels.instance,
          );
        await expect.poll(() => socketsOf('caller'), { timeout: 10_000 }).toHaveLength(1);
        const [callerOn] = await socketsOf('caller');
        // Prometheus scrapes each process on its own schedule: wait for the operator's series too.
        await expect.poll(() => socketsOf('operator'), { timeout: 10_000 }).toEqual([processes[0]!.metrics]);
        expect(callerOn).toBe(processes[1]!.metrics);
        await expect
          .poll(async () => (await prometheus.query('sum(seguridad_calls_answered_total)'))[0]?.value, {
            timeout: 10_000,
          })
          .toBe(1);

        // The caller's process stops (a deploy, a crash): its sockets come back through nginx on
        // the other, and the call goes on within the grace.
        const stopping = processes.find((server) => server.metrics === callerOn)!;
        const stoppedAt = Date.now();
        await stopping.stop();
        await chatBothWays(
          callView,
          consoleCall,
          { fromCitizen: '¿Me sigue escuchando?', fromOperator: 'Sí, la llamada sigue' },
          RECONNECT_GRACE_MS,
        );
        expect(Date.now() - stoppedAt).toBeLessThan(RECONNECT_GRACE_MS);
        await expect.poll(() => socketsOf('caller'), { timeout: 10_000 }).toEqual([processes[0]!.metrics]);
        await expect
          .poll(
            async () => (await prometheus.alerts()).filter((alert) => alert.name === 'ProcessNotScraped'),
            {
              timeout: 10_000,
            },
          )
          .toEqual([
            expect.objectContaining({
              state: 'pending',
              labels: expect.objectContaining({ instance: callerOn }),
            }),
          ]);

        // Past the grace the call is still up: nobody's place was given away.
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, stoppedAt + RECONNECT_GRACE_MS + 2_000 - Date.now())),
        );
        await expect(callView.getByText(callTexts.ended)).toHaveCount(0);
        await expectPlaying(callView.getByLabel('Video de la operadora'));
        await expectPlaying(consoleCall.getByLabel('Video del ciudadano'));
        await chatBothWays(callView, consoleCall, { fromCitizen: 'Gracias', fromOperator: 'Cuídese' });

        await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
        await expect(callView.getByText(callTexts.ended)).toBeVisible();
      } finally {
        await teardown.run();
      }
    });
  });
});
