import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestHistogram } from './request-histogram';

/**
 * Every metric the server exposes, defined once, with the recorders the rest of the server calls.
 * Label values are fixed sets (route patterns, kinds, reasons), never ids or raw paths, so the
 * number of series stays bounded whatever the traffic (docs/operations.md lists them).
 */

export type CallKind = 'video' | 'phone' | 'text';
export type SocketKind = 'operator' | 'caller' | 'citizen' | 'anonymous';
export type MessageChannel = 'mail' | 'sms' | 'whatsapp';
export type UploadFailure = 'too_large' | 'error';

/** What a recorder needs to know of a call (a `video_calls` row has it). */
export type CallFacts = { kind: CallKind; isPrivate: boolean; createdAt: Date; acceptedAt: Date | null };

/**
 * The figures of the whole centre, read from the database and from every process when Prometheus
 * scrapes: every process reports the same values (alert on `max`, never `sum`).
 */
export type CentreFigures = {
  waiting: Record<CallKind, number>;
  inProgress: Record<CallKind, number>;
  /** Seconds the oldest waiting public call has waited; 0 when none waits. */
  longestWaitSeconds: number;
  operatorsOnline: number;
  /** Companies within working hours, taking video calls, with no operator console open. */
  companiesOpenWithoutOperator: number;
};

/** The NENA call-answering thresholds (15 s and 20 s) are bucket bounds, so a ratio is exact there. */
const TIME_TO_ANSWER_BUCKETS = [1, 2, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 600];
/** Up to the longest upload (minutes on a slow mobile link). */
const REQUEST_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120, 600];
const CALL_KINDS: CallKind[] = ['video', 'phone', 'text'];
const SOCKET_KINDS: SocketKind[] = ['operator', 'caller', 'citizen', 'anonymous'];

export type ServerMetrics = ReturnType<typeof createServerMetrics>;

export function createServerMetrics() {
  const registry = new Registry();
  const register = [registry];

  const httpRequestDuration = new RequestHistogram(
    'seguridad_http_request_duration_seconds',
    'Time from a request arriving to its reply being sent, by route pattern and status class',
    REQUEST_DURATION_BUCKETS,
    registry,
  );

  const sockets = new Gauge<'kind'>({
    name: 'seguridad_realtime_sockets',
    help: 'Realtime (Socket.IO) connections open on this process, by who holds them',
    labelNames: ['kind'],
    registers: register,
  });

  const callsWaiting = new Gauge<'kind'>({
    name: 'seguridad_calls_waiting',
    help: 'Public calls waiting in the queue now, whole centre (same on every process)',
    labelNames: ['kind'],
    registers: register,
  });
  const callsInProgress = new Gauge<'kind'>({
    name: 'seguridad_calls_in_progress',
    help: 'Calls answered and not yet ended, whole centre (same on every process)',
    labelNames: ['kind'],
    registers: register,
  });
  const longestWait = new Gauge({
    name: 'seguridad_call_longest_wait_seconds',
    help: 'How long the oldest waiting public call has waited, whole centre (0 when none waits)',
    registers: register,
  });
  const operatorsOnline = new Gauge({
    name: 'seguridad_operators_online',
    help: 'Operator consoles open, whole centre (same on every process)',
    registers: register,
  });
  const companiesOpenWithoutOperator = new Gauge({
    name: 'seguridad_companies_open_without_operator',
    help: 'Companies within working hours and taking video calls with no operator console open',
    registers: register,
  });

  const callsQueued = new Counter<'kind'>({
    name: 'seguridad_calls_queued_total',
    help: 'Public calls that entered the queue (offered), counted by the process that queued them',
    labelNames: ['kind'],
    registers: register,
  });
  const callsAnswered = new Counter<'kind'>({
    name: 'seguridad_calls_answered_total',
    help: 'Public calls an operator accepted',
    labelNames: ['kind'],
    registers: register,
  });
  const callsAbandoned = new Counter<'kind'>({
    name: 'seguridad_calls_abandoned_total',
    help: 'Public calls that ended while still waiting: the citizen left before an answer',
    labelNames: ['kind'],
    registers: register,
  });
  const timeToAnswer = new Histogram<'kind'>({
    name: 'seguridad_call_time_to_answer_seconds',
    help: 'From a public call entering the queue to an operator accepting it',
    labelNames: ['kind'],
    buckets: TIME_TO_ANSWER_BUCKETS,
    registers: register,
  });

  const uploadBytes = new Counter({
    name: 'seguridad_upload_bytes_total',
    help: 'Bytes of uploaded files stored (video mails, attachments, recordings, avatars, library)',
    registers: register,
  });
  const uploadFailures = new Counter<'reason'>({
    name: 'seguridad_upload_failures_total',
    help: 'Uploads not stored: too_large (past the limit), error (connection cut, disk)',
    labelNames: ['reason'],
    registers: register,
  });
  const messagesSent = new Counter<'channel'>({
    name: 'seguridad_messages_sent_total',
    help: 'E-mails and verification codes (SMS, WhatsApp) handed to their provider',
    labelNames: ['channel'],
    registers: register,
  });
  const messageFailures = new Counter<'channel'>({
    name: 'seguridad_message_send_failures_total',
    help: 'E-mails and verification codes their provider refused or could not be reached for',
    labelNames: ['channel'],
    registers: register,
  });
  const flowErrors = new Counter<'kind'>({
    name: 'seguridad_flow_errors_total',
    help: 'Calls to Flow (payments) without a usable answer: timeout, network, refused, malformed, disabled',
    labelNames: ['kind'],
    registers: register,
  });
  // `task`, not `job`: Prometheus gives every scraped series a `job` label of its own.
  const jobRuns = new Counter<'task' | 'outcome'>({
    name: 'seguridad_background_job_runs_total',
    help: 'Runs of the background jobs every process runs, by task and outcome (ok, failed)',
    labelNames: ['task', 'outcome'],
    registers: register,
  });
  const jobLastSuccess = new Gauge<'task'>({
    name: 'seguridad_background_job_last_success_timestamp_seconds',
    help: 'When the job last ran without failing (Unix time)',
    labelNames: ['task'],
    registers: register,
  });

  // Every series of a fixed label set exists from the start at 0: `rate()` and `increase()` then
  // see the first event, and an alert on a missing series is never needed.
  for (const kind of CALL_KINDS) {
    for (const metric of [callsQueued, callsAnswered, callsAbandoned]) metric.inc({ kind }, 0);
  }
  for (const reason of ['too_large', 'error'] as const) uploadFailures.inc({ reason }, 0);
  for (const channel of ['mail', 'sms', 'whatsapp'] as const) {
    messagesSent.inc({ channel }, 0);
    messageFailures.inc({ channel }, 0);
  }

  let readCentre: (() => Promise<CentreFigures>) | undefined;
  let readSockets: (() => Record<SocketKind, number>) | undefined;
  let processMetricsOn = false;

  return {
    registry,
    httpRequestDuration,

    /** Event-loop lag, memory, CPU, handles: prom-client's process metrics (only once exposed). */
    collectProcessMetrics() {
      if (processMetricsOn) return;
      processMetricsOn = true;
      collectDefaultMetrics({ register: registry });
    },

    /** Where the centre's figures come from (the call side registers its reader). */
    provideCentreFigures(read: () => Promise<CentreFigures>) {
      readCentre = read;
    },
    provideSocketCounts(read: () => Record<SocketKind, number>) {
      readSockets = read;
    },

    /** Reads the figures that are only known when asked for, then renders the text format. */
    async render(onReadFailed: (error: unknown) => void): Promise<string> {
      if (readSockets) {
        const counts = readSockets();
        for (const kind of SOCKET_KINDS) sockets.set({ kind }, counts[kind]);
      }
      if (readCentre) {
        try {
          const figures = await readCentre();
          for (const kind of CALL_KINDS) {
            callsWaiting.set({ kind }, figures.waiting[kind]);
            callsInProgress.set({ kind }, figures.inProgress[kind]);
          }
          longestWait.set(figures.longestWaitSeconds);
          operatorsOnline.set(figures.operatorsOnline);
          companiesOpenWithoutOperator.set(figures.companiesOpenWithoutOperator);
        } catch (error) {
          // The rest of the page still answers; the centre's gauges keep their last values.
          onReadFailed(error);
        }
      }
      return registry.metrics();
    },

    // Calls. Private rooms are appointments an operator made, not the queue: they count nowhere here.
    callQueued(call: CallFacts) {
      if (!call.isPrivate) callsQueued.inc({ kind: call.kind });
    },
    callAnswered(call: CallFacts) {
      if (call.isPrivate || !call.acceptedAt) return;
      callsAnswered.inc({ kind: call.kind });
      const waited = (call.acceptedAt.getTime() - call.createdAt.getTime()) / 1000;
      timeToAnswer.observe({ kind: call.kind }, Math.max(0, waited));
    },
    /** A call that ended while still waiting (see `seguridad_calls_abandoned_total`). */
    callAbandoned(call: CallFacts) {
      if (!call.isPrivate) callsAbandoned.inc({ kind: call.kind });
    },

    uploadStored(bytes: number) {
      uploadBytes.inc(bytes);
    },
    uploadFailed(reason: UploadFailure) {
      uploadFailures.inc({ reason });
    },
    messageSent(channel: MessageChannel) {
      messagesSent.inc({ channel });
    },
    messageFailed(channel: MessageChannel) {
      messageFailures.inc({ channel });
    },
    flowFailed(kind: string) {
      flowErrors.inc({ kind });
    },
    /** `task` is a fixed snake_case name per job. */
    jobRan(task: string, outcome: 'ok' | 'failed') {
      jobRuns.inc({ task, outcome });
      if (outcome === 'ok') jobLastSuccess.set({ task }, Date.now() / 1000);
    },
  };
}
