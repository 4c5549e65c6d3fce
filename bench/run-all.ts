// `npm run bench`: sizes of what the landing page loads, Lighthouse mobile on every public page, API
// route throughput as a share of a bare Fastify hello-world measured in the same run (on PGlite, and
// on PostgreSQL when DATABASE_URL is set), and the video call: Llamar → first remote frame in
// Chromium, signaling capacity on one process, the recording's cost, and two processes sharing
// PostgreSQL and Redis (`scaleout`), and the Supervisión tab's live latency on them (`supervision`).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureApiInstructions, type RouteInstructions } from './api-instructions';
import { measureThroughput, type Throughput } from './api-throughput';
import { measureCallLatency } from './call-latency';
import { measureRecordingCost } from './recording-cost';
import { measureRelaySetup } from './relay-setup';
import { measureReports } from './reports';
import { measureSignaling } from './call-signaling';
import { measureScaleOut } from './scale-out';
import { measureSupervisionLatency } from './supervision-latency';
import { measureSilentCall, SILENT_CALL_TARGETS } from './silent-call';
import { CALL_LINK_TARGET_P95_MS, measureCallLink } from './call-link';
import { measureUploadMemory, measureUploadResume } from './upload-costs';
import { withFreshDatabase } from './lib/postgres';
import { pageAssets } from './bundle-size';
import { measureWidget } from './widget-size';
import { runLighthouse, type LighthouseFigures } from './lighthouse-run';
import {
  BENCH_COMPANY_KEY,
  repoRoot,
  startFastifyWithParts,
  startHelloWorld,
  startProductServer,
  replyOf,
  type ServerHandle,
} from './lib/server-process';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);
/** Benchmarks too slow for every run (minutes under valgrind): measured only when named. */
const named = (name: string) => only.includes(name);
const report: Record<string, unknown> = { measuredAt: new Date().toISOString() };

/** The public pages Lighthouse scores: the landing first, then every other page a visitor reaches. */
const lighthousePages = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/preguntas-frecuentes',
  '/terminos',
  '/politicas',
  '/ganadores-camaras',
  '/login',
  '/register',
];

/** Median of three Lighthouse runs of one page. */
async function lighthouseMedian(url: string) {
  // A run whose trace Lighthouse could not read scores 0 with no metrics: retried, never averaged in.
  const runs: LighthouseFigures[] = [];
  for (let attempt = 0; attempt < 8 && runs.length < 3; attempt += 1) {
    const figures = await runLighthouse(url);
    if (Number.isFinite(figures.lcpMs) && figures.performance > 0) runs.push(figures);
    else console.log('  (a Lighthouse run produced no metrics; running again)');
  }
  if (runs.length === 0) throw new Error(`Lighthouse produced no usable run of ${url}`);
  const pick = (key: keyof LighthouseFigures) => median(runs.map((item) => item[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    fcpMs: pick('fcpMs'),
    runs,
  };
}

if (wants('bundle')) {
  const landing = pageAssets('index.html');
  report.landing = landing;
  console.log('\nLanding page (/) — what loads before any click');
  console.log(
    `  JS : ${landing.js.files.length} files, ${kb(landing.js.raw)} raw, ${kb(landing.js.gzip)} gzip, ${kb(landing.js.brotli)} brotli (target ≤ 60 KB brotli)`,
  );
  console.log(
    `  CSS: ${landing.css.files.length} files, ${kb(landing.css.raw)} raw, ${kb(landing.css.gzip)} gzip, ${kb(landing.css.brotli)} brotli`,
  );
}

if (wants('widget')) {
  const widget = await measureWidget();
  report.widget = widget;
  console.log('\nEmbedded widget (host page on a second origin, brotli)');
  console.log(`  widget.js loader: ${kb(widget.loaderBrotli)} (target ≤ 5 KB)`);
  console.log(
    `  /widget until ready: ${kb(widget.beforeOpen.brotli)} in ${widget.beforeOpen.files.length} files (target ≤ 80 KB)`,
  );
  console.log(
    `  opening the drawer adds: ${kb(widget.afterOpen.brotli)} in ${widget.afterOpen.files.length} files (target ≤ 60 KB for the drawer)`,
  );
}

if (wants('lighthouse')) {
  const server = await startProductServer();
  const pages: Record<string, unknown> = {};
  try {
    // `/` is the figure of the issue; every other public page must score 100 as well.
    for (const page of lighthousePages) {
      const figures = await lighthouseMedian(`${server.url}${page}`);
      pages[page] = figures;
      console.log(
        `\nLighthouse mobile on ${page} (median of ${figures.runs.length} runs, simulated slow 4G and 4× CPU)`,
      );
      console.log(
        `  performance ${figures.performance} (target 100), accessibility ${figures.accessibility}, best practices ${figures.bestPractices}, SEO ${figures.seo}`,
      );
      console.log(
        `  FCP ${figures.fcpMs} ms, LCP ${figures.lcpMs} ms (target ≤ 1200), TBT ${figures.tbtMs} ms (target ≤ 50), CLS ${figures.cls} (target ≤ 0.01)`,
      );
    }
  } finally {
    await server.stop();
  }
  report.lighthouse = pages['/'];
  report.lighthousePages = pages;
}

if (wants('api')) {
  // The machine's speed swings from second to second (a shared 2-core VM), so every route is
  // measured between two short hello-world measurements and compared with their mean: a busy moment
  // hits the route and its baseline alike. Each figure is the median over the rounds.
  const API_ROUNDS = 5;
  const API_SECONDS = 3;
  // With DATABASE_URL the same routes are measured on PostgreSQL too (a fresh database of its own),
  // and with REDIS_URL that process shares its counters through Redis, as a deployment does.
  const postgresUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const measureApi = async (postgresDatabase?: string) => {
    // All servers stay up for the whole measurement.
    let hello: ServerHandle | undefined;
    let withParts: ServerHandle | undefined;
    // The real limiter stays on; its ceiling is raised so that one benchmarking IP is not refused.
    const servers: { engine: string; label: string; server: ServerHandle }[] = [];
    /** A route's figures and those of the hello-world measured just before and after it. */
    type Flanked = { before: Throughput; route: Throughput; after: Throughput };
    const rounds: Record<string, Flanked>[] = [];
    try {
      servers.push({
        engine: 'pglite',
        label: 'pglite',
        server: await startProductServer({ RATE_LIMIT_MAX: '1000000000' }),
      });
      if (postgresDatabase) {
        servers.push({
          engine: 'postgres',
          label: redisUrl ? 'postgres + redis' : 'postgres',
          server: await startProductServer({
            RATE_LIMIT_MAX: '1000000000',
            DATABASE_URL: postgresDatabase,
            ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
          }),
        });
      }
      // The floor: bare Fastify sending byte for byte the product's reply (its security headers and
      // body), so what is left between the floor and the route is the product's own work.
      const product = servers[0]!.server;
      const healthReply = await replyOf(`${product.url}/api/health`);
      const specialitiesReply = await replyOf(`${product.url}/api/company/specialities`, {
        'company-key': BENCH_COMPANY_KEY,
      });
      hello = await startHelloWorld({
        '/floor/health': healthReply,
        '/floor/specialities': specialitiesReply,
      });
      // A second floor: bare Fastify with the parts the product cannot go without, on both routes.
      withParts = await startFastifyWithParts({
        '/api/health': healthReply,
        '/api/company/specialities': specialitiesReply,
      });
      type Target = { name: string; url: string; headers: Record<string, string>; pid: number };
      const baseline: Target = { name: 'baseline', url: `${hello.url}/hello`, headers: {}, pid: hello.pid };
      const targets: Target[] = [
        { name: 'floor:health', url: `${hello.url}/floor/health`, headers: {}, pid: hello.pid },
        { name: 'floor:specialities', url: `${hello.url}/floor/specialities`, headers: {}, pid: hello.pid },
      ];
      for (const { engine, server } of [...servers, { engine: 'parts', server: withParts }]) {
        targets.push(
          { name: `${engine}:health`, url: `${server.url}/api/health`, headers: {}, pid: server.pid },
          {
            name: `${engine}:specialities`,
            url: `${server.url}/api/company/specialities`,
            headers: { 'company-key': BENCH_COMPANY_KEY },
            pid: server.pid,
          },
        );
      }
      const measure = (target: Target, warmUpSeconds = 0) =>
        measureThroughput(target.url, target.headers, API_SECONDS, target.pid, warmUpSeconds);
      // V8 optimises each hot path once, before anything is counted.
      for (const target of [baseline, ...targets]) await measure(target, 2);
      for (let round = 0; round < API_ROUNDS; round += 1) {
        const figures: Record<string, Flanked> = {};
        let before = await measure(baseline);
        for (const target of targets) {
          const route = await measure(target);
          const after = await measure(baseline);
          figures[target.name] = { before, route, after };
          before = after;
        }
        rounds.push(figures);
      }
    } finally {
      await hello?.stop();
      await withParts?.stop();
      for (const { server } of servers) await server.stop();
    }
    /** The route's throughput over its flanking hello-world's, and hello-world's CPU over the route's. */
    const ratioIn = (round: Record<string, Flanked>, name: string) => {
      const { before, route, after } = round[name]!;
      return route.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2);
    };
    const cpuRatioIn = (round: Record<string, Flanked>, name: string) => {
      const { before, route, after } = round[name]!;
      const baselineCpu = ((before.serverCpuUsPerRequest ?? NaN) + (after.serverCpuUsPerRequest ?? NaN)) / 2;
      return baselineCpu / (route.serverCpuUsPerRequest ?? NaN);
    };
    const pick = (name: string) => ({
      requestsPerSecond: median(rounds.map((round) => round[name]!.route.requestsPerSecond)),
      p99Ms: median(rounds.map((round) => round[name]!.route.p99Ms)),
      errors: rounds.reduce((sum, round) => sum + round[name]!.route.errors + round[name]!.route.non2xx, 0),
      ratio: median(rounds.map((round) => ratioIn(round, name))),
      serverCpuUsPerRequest: median(rounds.map((round) => round[name]!.route.serverCpuUsPerRequest ?? NaN)),
      serverKernelUsPerRequest: median(
        rounds.map((round) => round[name]!.route.serverKernelUsPerRequest ?? NaN),
      ),
      // Hello-world's CPU per request over the route's: the share of hello-world's throughput the
      // route would reach if the server were the only thing using its core.
      cpuRatio: median(rounds.map((round) => cpuRatioIn(round, name))),
    });
    /** One route against another (a floor), each first taken against its own hello-world. */
    const against = (name: string, floor: string) => ({
      ratio: median(rounds.map((round) => ratioIn(round, name) / ratioIn(round, floor))),
      cpuRatio: median(rounds.map((round) => cpuRatioIn(round, name) / cpuRatioIn(round, floor))),
    });
    // Every hello-world run once: each round's first, then the one after each route.
    const baselineSegments = rounds.flatMap((round) => {
      const flanked = Object.values(round);
      return [flanked[0]!.before, ...flanked.map(({ after }) => after)];
    });
    const baselineFigures = {
      requestsPerSecond: Math.round(median(baselineSegments.map((segment) => segment.requestsPerSecond))),
      p99Ms: median(baselineSegments.map((segment) => segment.p99Ms)),
      serverCpuUsPerRequest: median(baselineSegments.map((segment) => segment.serverCpuUsPerRequest ?? NaN)),
      serverKernelUsPerRequest: median(
        baselineSegments.map((segment) => segment.serverKernelUsPerRequest ?? NaN),
      ),
    };
    const floors = {
      health: pick('floor:health'),
      specialities: pick('floor:specialities'),
      healthWithParts: pick('parts:health'),
      specialitiesWithParts: pick('parts:specialities'),
    };
    const engines = Object.fromEntries(
      servers.map(({ engine }) => [
        engine,
        {
          health: pick(`${engine}:health`),
          specialities: pick(`${engine}:specialities`),
          healthAgainstFloor: against(`${engine}:health`, 'floor:health'),
          specialitiesAgainstFloor: against(`${engine}:specialities`, 'floor:specialities'),
          healthAgainstParts: against(`${engine}:health`, 'parts:health'),
          specialitiesAgainstParts: against(`${engine}:specialities`, 'parts:specialities'),
        },
      ]),
    );
    const pglite = engines.pglite!;
    report.api = {
      rounds,
      baseline: baselineFigures,
      health: pglite.health,
      specialities: pglite.specialities,
      healthRatio: pglite.health.ratio,
      specialitiesRatio: pglite.specialities.ratio,
      engines,
      floors,
    };
    const pct = (value: number) => `${Math.round(value * 100)} %`;
    console.log(
      `\nAPI throughput (autocannon, 20 connections; each route ${API_SECONDS} s between two ${API_SECONDS} s runs of hello-world, against their mean; median of ${API_ROUNDS} rounds; servers in their own processes)`,
    );
    // The kernel's share (the sockets' system calls) is about the same for every server: what the
    // routes differ in is the user-space part.
    const cpu = (figures: { serverCpuUsPerRequest: number; serverKernelUsPerRequest: number }) =>
      `server CPU ${figures.serverCpuUsPerRequest} µs/req (kernel ${figures.serverKernelUsPerRequest})`;
    console.log(
      `  bare Fastify hello-world : ${baselineFigures.requestsPerSecond} req/s, p99 ${baselineFigures.p99Ms} ms, ${cpu(baselineFigures)} (median of ${baselineSegments.length} runs)`,
    );
    console.log(
      `  floor, bare Fastify sending the same headers and body: /api/health ${pct(floors.health.ratio)}, /api/company/specialities ${pct(floors.specialities.ratio)} of hello-world (${cpu(floors.health)}, ${cpu(floors.specialities)})`,
    );
    console.log(
      `  floor with the product's parts (logger, security headers, 600 routes, Socket.IO, decorators; servers/fastify-with-parts.mjs): /api/health ${pct(floors.healthWithParts.ratio)} of hello-world, ${cpu(floors.healthWithParts)}, ${pct(floors.healthWithParts.cpuRatio)} by CPU; /api/company/specialities ${pct(floors.specialitiesWithParts.ratio)}, ${cpu(floors.specialitiesWithParts)}, ${pct(floors.specialitiesWithParts.cpuRatio)} by CPU`,
    );
    for (const { engine, label } of servers) {
      const figures = engines[engine]!;
      for (const [route, target, routeFigures, floor, parts] of [
        ['/api/health', 85, figures.health, figures.healthAgainstFloor, figures.healthAgainstParts],
        [
          '/api/company/specialities',
          75,
          figures.specialities,
          figures.specialitiesAgainstFloor,
          figures.specialitiesAgainstParts,
        ],
      ] as const) {
        console.log(
          `  [${label}] ${route}: ${routeFigures.requestsPerSecond} req/s, p99 ${routeFigures.p99Ms} ms — ${pct(routeFigures.ratio)} of hello-world (target ≥ ${target} %), ${pct(floor.ratio)} of its floor, errors ${routeFigures.errors}; ${cpu(routeFigures)}, ${pct(routeFigures.cpuRatio)} of hello-world by CPU`,
        );
        console.log(
          `  [${label}] ${route} against the floor with the product's parts: ${pct(parts.ratio)} by throughput, ${pct(parts.cpuRatio)} by CPU`,
        );
      }
    }
    if (!postgresDatabase) console.log('  (PostgreSQL not measured: set DATABASE_URL to measure it too)');
  };
  if (postgresUrl) await withFreshDatabase(postgresUrl, (url) => measureApi(url));
  else await measureApi();
}

if (named('api-instructions')) {
  const postgresUrl = process.env.DATABASE_URL;
  const figures = postgresUrl
    ? await withFreshDatabase(postgresUrl, (databaseUrl) =>
        measureApiInstructions(undefined, { databaseUrl, redisUrl: process.env.REDIS_URL }),
      )
    : await measureApiInstructions();
  report.apiInstructions = figures;
  console.log(
    '\nAPI instructions per request (valgrind callgrind in each server process, fewest of 4 rounds)',
  );
  if ('skipped' in figures) {
    console.log(`  skipped: ${figures.skipped}`);
  } else {
    const share = (part: RouteInstructions, whole: RouteInstructions) =>
      `${Math.round((part.instructionsPerRequest / whole.instructionsPerRequest) * 100)} %`;
    const line = (name: string, route: RouteInstructions, floor?: RouteInstructions) =>
      console.log(
        `  ${name}: ${route.instructionsPerRequest.toLocaleString('en')} (rounds ${route.rounds.join(', ')})` +
          (floor ? `, floor/route ${share(floor, route)}` : '') +
          `; nextTick literal through V8's runtime ${route.nextTickLiteralPerRequest.toLocaleString('en')}`,
      );
    line('bare Fastify hello-world   ', figures.hello);
    line('floor /api/health          ', figures.floorHealth);
    line('floor /api/company/specialities', figures.floorSpecialities);
    line("floor /api/health with the product's parts", figures.healthWithParts, figures.floorHealth);
    line('/api/health                ', figures.health, figures.floorHealth);
    line("/api/health against the floor with the product's parts", figures.health, figures.healthWithParts);
    line(
      "floor /api/company/specialities with the product's parts",
      figures.specialitiesWithParts,
      figures.floorSpecialities,
    );
    line('/api/company/specialities  ', figures.specialities, figures.floorSpecialities);
    line(
      "/api/company/specialities against the floor with the product's parts",
      figures.specialities,
      figures.specialitiesWithParts,
    );
    if (figures.postgres) {
      line(`[${figures.postgres.label}] /api/health`, figures.postgres.health, figures.floorHealth);
      line(
        `[${figures.postgres.label}] /api/company/specialities`,
        figures.postgres.specialities,
        figures.floorSpecialities,
      );
    }
  }
}

if (wants('call-latency')) {
  const figures = await measureCallLatency(20);
  report.callLatency = figures;
  console.log(
    `\nVideo call: Llamar → first remote video frame (Chromium, fake camera, loopback, auto-accepting operator)`,
  );
  console.log(
    `  ${figures.calls} calls: median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms (target ≤ 500), min ${figures.minMs} ms, max ${figures.maxMs} ms`,
  );
}

// Decision 037: the same measure with the citizen in Debian's Firefox ESR (the operator in Chromium).
if (named('call-latency-firefox')) {
  const chromiumFigures = await measureCallLatency(20, 'chromium');
  const firefoxFigures = await measureCallLatency(20, 'firefox');
  report.callLatencyByBrowser = { chromium: chromiumFigures, firefox: firefoxFigures };
  console.log(
    "\nVideo call: Llamar → first remote video frame by the citizen's browser (operator in Chromium)",
  );
  for (const [name, figures] of [
    ['Chromium', chromiumFigures],
    ['Firefox ESR', firefoxFigures],
  ] as const) {
    console.log(
      `  ${name}: ${figures.calls} calls: median ${figures.medianMs} ms, p95 ${figures.p95Ms} ms, min ${figures.minMs} ms, max ${figures.maxMs} ms`,
    );
  }
}

if (wants('signaling')) {
  const figures = await measureSignaling(5_000, 1_000, 10);
  report.signaling = figures;
  console.log('\nCall signaling capacity on one process (socket.io-client, WebSocket)');
  console.log(
    `  ${figures.roomsHeld} of ${figures.rooms} rooms held with ${figures.sockets} sockets (target 5,000 / 10,000), set up in ${figures.setupSeconds} s`,
  );
  for (const [index, run] of figures.runs.entries()) {
    console.log(
      `  run ${index + 1}: relay at ${run.messagesPerSecond} msg/s: p50 ${run.relayP50Ms} ms, p99 ${run.relayP99Ms} ms, max ${run.relayMaxMs} ms, ${run.relayed} relayed, ${run.lost} lost`,
    );
  }
  console.log(
    `  median of ${figures.runs.length} runs: p50 ${figures.relayP50Ms} ms, p99 ${figures.relayP99Ms} ms (target ≤ 15), max ${figures.relayMaxMs} ms, ${figures.lost} lost`,
  );
}

// Root only (network namespaces) and a few minutes: measured only when named (bench:relay).
if (named('relay')) {
  const figures = measureRelaySetup(Number(process.env.BENCH_RELAY_RUNS ?? 5));
  report.relaySetup = figures;
  console.log(
    '\nCall set-up through the relay (coturn, two NATs) next to a direct call, Llamar → first remote frame',
  );
  if ('skipped' in figures) console.log(`  skipped: ${figures.skipped}`);
  else {
    for (const [name, path] of Object.entries(figures.byPath)) {
      console.log(
        `  ${name}: ${path.calls} calls, median ${path.medianMs} ms, min ${path.minMs} ms, max ${path.maxMs} ms`,
      );
    }
    if (figures.failedRuns) console.log(`  ${figures.failedRuns} of ${figures.runs} journey runs failed`);
  }
}

if (wants('recording')) {
  const figures = await measureRecordingCost(15);
  report.recording = figures;
  const line = (name: string, window: typeof figures.off) =>
    `  ${name}: operator page main thread ${window.operatorMainThreadPct} %, all browser processes ${window.browserCpuPct} % of a core, citizen video received at ${window.receivedFps} fps`;
  console.log(
    `\nCall recording on the operator's side (Chromium, fake devices, loopback, ${figures.seconds} s each)`,
  );
  console.log(line('recording off', figures.off));
  console.log(line('recording on ', figures.on));
  console.log(
    figures.recordedFps === null
      ? '  recorded file: not measured (no ffprobe)'
      : `  recorded file: ${figures.recordedSeconds} s at ${figures.recordedFps} fps (composite drawn at 15 fps)`,
  );
}

if (wants('scaleout')) {
  const figures = await measureScaleOut();
  report.scaleOut = figures;
  console.log('\nScale-out: two server processes sharing PostgreSQL and Redis (socket.io-client, WebSocket)');
  if ('skipped' in figures) {
    console.log(`  skipped: ${figures.skipped}`);
  } else {
    const line = (label: string, phase: (typeof figures)['oneProcess']) => {
      console.log(
        `  ${label}: ${phase.setup.callsPerSecond} calls set up/s (${phase.setup.completed} of ${phase.setup.calls}, p50 ${phase.setup.setupP50Ms} ms, p99 ${phase.setup.setupP99Ms} ms per call)`,
      );
      console.log(
        `  ${' '.repeat(label.length)}  relay at ${phase.relay.messagesPerSecond} msg/s over ${figures.roomsHeld} rooms: p50 ${phase.relay.relayP50Ms} ms, p99 ${phase.relay.relayP99Ms} ms, ${phase.relay.lost} lost`,
      );
    };
    line('1 process (caller and operator on A)', figures.oneProcess);
    line('2 processes (caller on A, operator on B)', figures.twoProcesses);
    console.log(`  one more process: × ${figures.setupGain} calls set up per second`);
  }
}

if (wants('supervision')) {
  const figures = await measureSupervisionLatency();
  report.supervisionLatency = figures;
  console.log(
    '\nSupervisión live view: a change → every open view holds the new snapshot (two processes, PostgreSQL, Redis)',
  );
  if ('skipped' in figures) {
    console.log(`  skipped: ${figures.skipped}`);
  } else {
    console.log(
      `  ${figures.operatorsOnline} operators online, ${figures.callsWaiting} calls waiting, ${figures.liveViews} live views on both processes`,
    );
    console.log(
      `  ${figures.samples} samples (${figures.missed} missed): p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, max ${figures.maxMs} ms (target: p95 ≤ ${figures.targetP95Ms} ms)`,
    );
    for (const [kind, kindFigures] of Object.entries(figures.byKind)) {
      console.log(`    ${kind}: p50 ${kindFigures.p50Ms} ms, p95 ${kindFigures.p95Ms} ms`);
    }
  }
}

// Decision 060: the silent call's real-time text and Salida rápida, in Chromium on loopback.
if (wants('silent-call')) {
  const figures = await measureSilentCall();
  report.silentCall = figures;
  const { realTimeText: text, quickExit: exit } = figures;
  console.log('\nSilent call (Chromium, loopback, auto-accepting operator)');
  console.log(
    `  real-time text, a character typed → on the operator's screen: ${text.characters} characters, p50 ${text.p50Ms} ms, p95 ${text.p95Ms} ms (target ≤ ${SILENT_CALL_TARGETS.realTimeTextP95Ms}), max ${text.maxMs} ms`,
  );
  console.log(
    `  Salida rápida, press → the neutral page parsed: ${exit.exits} exits, p50 ${exit.p50Ms} ms, p95 ${exit.p95Ms} ms (target ≤ ${SILENT_CALL_TARGETS.quickExitP95Ms}), max ${exit.maxMs} ms`,
  );
  console.log('  caller location (first fix ≤ 2 s): not built yet, not measured');
}

// Decision 061: a call link sent by SMS, from the tap to the operator's live video.
if (wants('call-link')) {
  const figures = await measureCallLink();
  report.callLink = figures;
  console.log("\nCall link by SMS: tap → the operator's first video frame (Chromium, 360 px page, loopback)");
  console.log(
    `  ${figures.calls} calls: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms (target ≤ ${CALL_LINK_TARGET_P95_MS}), max ${figures.maxMs} ms`,
  );
}

if (wants('uploads')) {
  const memory = await measureUploadMemory();
  const resume = await measureUploadResume();
  report.uploads = { memory, resume };
  console.log('\nUploads: server RSS rise for one 100 MB video mail (target < 30 MB), and resuming');
  for (const engine of memory) {
    console.log(
      `  ${engine.engine.padEnd(5)}: one-shot multipart +${engine.oneShotMb} MB, resumable (tus) +${engine.resumableMb} MB, download +${engine.downloadMb} MB`,
    );
  }
  console.log(
    `  resume: ${(resume.videoBytes / 1024 / 1024).toFixed(1)} MB in ${resume.chunkBytes / 1024 / 1024} MB chunks, cut after ${(resume.cutAtBytes / 1024 / 1024).toFixed(1)} MB: ${(resume.extraBytes / 1024).toFixed(1)} KB more on the wire than uncut (at most one chunk: ${resume.chunkBytes / 1024} KB)`,
  );
}

if (named('reports')) {
  console.log(
    '\nReportes over a year of calls of one company: p95 of each grouping × range (target ≤ 300 ms on PostgreSQL, ≤ 1.5 s on PGlite)',
  );
  report.reports = await measureReports();
}

const resultsDir = path.join(repoRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(report, null, 2));
console.log(`\nFigures written to bench/results/latest.json`);
