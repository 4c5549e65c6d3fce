import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallReportRow, ReportResponse } from '@seguridad/contracts/http/reports';
import { reportConsoleTexts as texts, reportTexts } from '@seguridad/contracts/messages';
import { parseServiceLevelDraft } from './service-level-form';
import { ReportsPanel } from './reports-panel';

// jsdom has no canvas to draw on: the charts are drawn in the journey, their tables checked here.
vi.mock('uplot', () => ({
  default: Object.assign(
    class {
      setSize() {}
      destroy() {}
    },
    { paths: { bars: () => () => null } },
  ),
}));

// 22:30 on Friday 27 November 2026 in Santiago (UTC−3): already the 28th in UTC.
const NOW = Date.parse('2026-11-28T01:30:00Z');

function row(overrides: Partial<CallReportRow>): CallReportRow {
  return {
    key: '2026-11-27',
    label: '27-11-2026',
    offered: 25,
    answered: 23,
    abandoned: 1,
    fell_back: 1,
    abandon_rate: 0.04,
    avg_answer_seconds: 9.6,
    p90_answer_seconds: 14,
    service_level_first: 0.92,
    service_level_second: 0.92,
    avg_handle_seconds: 65,
    ...overrides,
  };
}

function report(overrides: Partial<ReportResponse> = {}): ReportResponse {
  return {
    code: 200,
    from: '2026-11-21',
    to: '2026-11-27',
    group: 'day',
    targets: { first_seconds: 15, first_percent: 90, second_seconds: 20, second_percent: 95 },
    rows: [
      row({
        key: '2026-11-26',
        label: '26-11-2026',
        offered: 0,
        answered: 0,
        service_level_first: null,
        service_level_second: null,
      }),
      row({}),
    ],
    total: row({ key: '', label: 'Total' }),
    answered_by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      offered: hour === 10 ? 25 : 0,
      answered: hour === 10 ? 23 : 0,
    })),
    service_level_by_day: [{ day: '2026-11-27', first: 0.92, second: 0.92 }],
    inbox: [
      { kind: 'video_mail', label: 'Video mails', received: 4, handled: 3, avg_first_handling_seconds: 3725 },
      {
        kind: 'contact',
        label: 'Mensajes de contacto',
        received: 0,
        handled: 0,
        avg_first_handling_seconds: null,
      },
      {
        kind: 'callback',
        label: 'Solicitudes de llamada',
        received: 2,
        handled: 2,
        avg_first_handling_seconds: 125,
      },
    ],
    ratings: {
      count: 3,
      average: 4.5,
      distribution: [0, 0, 1, 0, 2],
      comments: [
        {
          call_id: 7,
          stars: 5,
          comment: '<b>Muy buena</b> atención',
          created_at: '2026-11-27T18:00:00.000Z',
          operator_name: 'Ana Operadora',
        },
      ],
    },
    ...overrides,
  };
}

type Answer = { status: number; body: unknown; csv?: string };
let answer: (url: URL) => Answer;
const requests: URL[] = [];

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  requests.length = 0;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  answer = () => ({ status: 200, body: report() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      const { status, body, csv } = answer(url);
      return csv === undefined ? json(status, body) : new Response(csv, { status });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPanel(canEditTargets = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReportsPanel canEditTargets={canEditTargets} />
    </QueryClientProvider>,
  );
}

const reportRequests = () => requests.filter((url) => url.pathname === '/api/v1/operator/reports');

describe('the Reportes tab', () => {
  it('asks for the last 7 days in Chile time and shows the figures in es-CL', async () => {
    renderPanel();
    const calls = await screen.findByRole('region', { name: texts.tableOf(texts.callsTitle) });
    expect(reportRequests()[0]?.search).toBe('?from=2026-11-21&to=2026-11-27&group=day');

    const day = within(calls).getByRole('row', { name: /^27-11-2026/ });
    const cells = within(day)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '25',
      '23',
      '1',
      '1',
      '4,0 %',
      '10 s',
      '14 s',
      '92,0 % cumple',
      '92,0 % no cumple',
      '1 min 05 s',
    ]);
    expect(within(calls).getByRole('columnheader', { name: 'Dentro de 15 s (meta 90 %)' })).toBeDefined();
    expect(within(calls).getByRole('row', { name: /^Total/ })).toBeDefined();
    // A day with nothing offered says so instead of a made-up 0 %.
    expect(
      within(within(calls).getByRole('row', { name: /^26-11-2026/ })).getAllByText(texts.noData),
    ).toHaveLength(2);

    const summary = screen.getByRole('list', { name: texts.serviceLevelHeading });
    expect(summary.textContent).toContain('15 s: 92,0 % (meta 90 %) cumple la meta');
    expect(summary.textContent).toContain('20 s: 92,0 % (meta 95 %) no cumple la meta');

    const inbox = screen.getByRole('region', { name: texts.tableOf(texts.inboxTitle) });
    expect(within(inbox).getByRole('row', { name: /^Video mails/ }).textContent).toContain('1 h 02 min');
    expect(within(inbox).getByRole('row', { name: /^Solicitudes de llamada/ }).textContent).toContain(
      '2 min 05 s',
    );
  });

  it('shows a citizen’s comment as plain text, never as markup', async () => {
    const { container } = renderPanel();
    expect(await screen.findByText('<b>Muy buena</b> atención')).toBeDefined();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/Promedio 4,5 de 5 \(3 calificaciones\)/)).toBeDefined();
    expect(screen.getByRole('row', { name: '5 estrellas 2' })).toBeDefined();
  });

  it('turns a preset and a grouping into Chile days', async () => {
    renderPanel();
    await screen.findByRole('region', { name: texts.tableOf(texts.callsTitle) });
    fireEvent.change(screen.getByLabelText(texts.period), { target: { value: 'yesterday' } });
    await waitFor(() =>
      expect(reportRequests().at(-1)?.search).toBe('?from=2026-11-26&to=2026-11-26&group=day'),
    );
    fireEvent.change(screen.getByLabelText(texts.period), { target: { value: 'today' } });
    fireEvent.change(screen.getByLabelText(texts.groupBy), { target: { value: 'operator' } });
    await waitFor(() =>
      expect(reportRequests().at(-1)?.search).toBe('?from=2026-11-27&to=2026-11-27&group=operator'),
    );
  });

  it('checks a custom range before asking for it', async () => {
    renderPanel();
    await screen.findByRole('region', { name: texts.tableOf(texts.callsTitle) });
    fireEvent.change(screen.getByLabelText(texts.period), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText(texts.from), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(texts.to), { target: { value: '2026-11-10' } });
    const asked = reportRequests().length;
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));
    expect(await screen.findByText(reportTexts.badRange)).toBeDefined();
    expect(reportRequests()).toHaveLength(asked);

    fireEvent.change(screen.getByLabelText(texts.to), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));
    await waitFor(() =>
      expect(reportRequests().at(-1)?.search).toBe('?from=2026-11-20&to=2026-11-25&group=day'),
    );
  });

  it('downloads each table as a CSV file named after the range', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    answer = (url) =>
      url.pathname.endsWith('/csv')
        ? { status: 200, body: null, csv: 'Día;Ofrecidas\n' }
        : { status: 200, body: report() };
    renderPanel();
    await screen.findByRole('region', { name: texts.tableOf(texts.callsTitle) });
    fireEvent.click(screen.getByRole('button', { name: texts.downloadCsvOf(texts.callsTitle) }));
    await waitFor(() => expect(saved).toEqual(['reporte-llamadas-2026-11-21-a-2026-11-27.csv']));
    const csv = requests.find((url) => url.pathname === '/api/v1/operator/reports/csv');
    expect(csv?.search).toBe('?from=2026-11-21&to=2026-11-27&group=day&table=calls');

    fireEvent.click(screen.getByRole('button', { name: texts.downloadCsvOf(texts.ratingsTitle) }));
    await waitFor(() => expect(saved.at(-1)).toBe('reporte-calificaciones-2026-11-21-a-2026-11-27.csv'));
  });

  it('says why a report or a download failed, in Spanish', async () => {
    answer = () => ({
      status: 400,
      body: { code: 400, message: 'Datos inválidos', data: [reportTexts.rangeTooLong] },
    });
    renderPanel();
    expect(await screen.findByText(reportTexts.rangeTooLong)).toBeDefined();
    expect(screen.getByRole('button', { name: texts.retry })).toBeDefined();
  });
});

describe('the service-level targets form', () => {
  const draft = { first_seconds: '15', first_percent: '90', second_seconds: '20', second_percent: '95' };

  it('reads a valid draft as the contract’s body', () => {
    expect(parseServiceLevelDraft(draft)).toEqual({
      body: { first_seconds: 15, first_percent: 90, second_seconds: 20, second_percent: 95 },
    });
  });

  it('gives each bad field its Spanish error', () => {
    expect(parseServiceLevelDraft({ ...draft, first_seconds: '0', second_percent: '' })).toEqual({
      errors: { first_seconds: reportTexts.badSeconds, second_percent: reportTexts.badPercent },
    });
    expect(parseServiceLevelDraft({ ...draft, first_seconds: '30' })).toEqual({
      errors: { second_seconds: reportTexts.thresholdsOrder },
    });
  });

  it('shows the server’s refusal of new targets', async () => {
    answer = (url) =>
      url.pathname.endsWith('/service-level')
        ? {
            status: 200,
            body: {
              code: 200,
              targets: { first_seconds: 15, first_percent: 90, second_seconds: 20, second_percent: 95 },
            },
          }
        : { status: 200, body: report() };
    renderPanel(true);
    const seconds = await screen.findAllByLabelText(texts.seconds);
    fireEvent.change(seconds[0]!, { target: { value: '10' } });
    answer = () => ({
      status: 403,
      body: { code: 403, message: 'Sin permiso', data: ['Solo administradores.'] },
    });
    fireEvent.click(screen.getByRole('button', { name: texts.save }));
    expect(await screen.findByText('Solo administradores.')).toBeDefined();
  });
});
