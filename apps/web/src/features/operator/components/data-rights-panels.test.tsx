import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RetentionEntry } from '@seguridad/contracts/http/retention';
import {
  dataRequestConsoleTexts as texts,
  retentionConsoleTexts,
} from '@seguridad/contracts/messages/data-rights-console';
import type { ConsoleDataRequest } from '../api/data-requests';
import { DataRequestItem } from './data-requests-panel';
import { RetentionRow, retentionDaysProblem } from './retention-panel';

const NOW = Date.parse('2027-01-20T12:00:00Z');

function request(overrides: Partial<ConsoleDataRequest>): ConsoleDataRequest {
  return {
    id: 1,
    company: 'Central Regional',
    kind: 'suppression',
    detail: 'Borren mi video mail.',
    status: 'open',
    created_at: '2027-01-01T12:00:00.000Z',
    due_at: '2027-01-31T12:00:00.000Z',
    extended: false,
    answer: null,
    answered_at: null,
    email: 'rosa@example.com',
    near_deadline: false,
    ...overrides,
  };
}

function renderWithClient(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
}

afterEach(cleanup);

describe('the Solicitudes tab', () => {
  it('flags a request near its deadline and one past it; an extended one cannot be extended again', () => {
    renderWithClient(
      <ul>
        <DataRequestItem request={request({ id: 1, near_deadline: true })} now={NOW} notify={() => {}} />
        <DataRequestItem
          request={request({
            id: 2,
            email: 'tarde@example.com',
            due_at: '2027-01-19T12:00:00.000Z',
            near_deadline: true,
            extended: true,
          })}
          now={NOW}
          notify={() => {}}
        />
        <DataRequestItem
          request={request({
            id: 3,
            email: 'lista@example.com',
            status: 'answered',
            answer: 'Listo.',
            answered_at: '2027-01-02T12:00:00.000Z',
          })}
          now={NOW}
          notify={() => {}}
        />
      </ul>,
    );
    const near = screen.getByRole('listitem', { name: 'Supresión · rosa@example.com' });
    expect(within(near).getByText(texts.nearDeadline)).toBeDefined();
    expect(within(near).getByText(texts.status.open)).toBeDefined();
    expect(within(near).getByRole('button', { name: texts.extend })).toBeDefined();

    const late = screen.getByRole('listitem', { name: 'Supresión · tarde@example.com' });
    expect(within(late).getByText(texts.overdue)).toBeDefined();
    expect(within(late).queryByText(texts.nearDeadline)).toBeNull();
    expect(within(late).getByText(texts.extendedBadge)).toBeDefined();
    expect(within(late).queryByRole('button', { name: texts.extend })).toBeNull();

    const done = screen.getByRole('listitem', { name: 'Supresión · lista@example.com' });
    expect(within(done).getByText(texts.status.answered)).toBeDefined();
    expect(within(done).getByText('Listo.')).toBeDefined();
    expect(within(done).queryByText(texts.overdue)).toBeNull();
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it("refuses an empty answer with the contract's message before sending", () => {
    renderWithClient(
      <ul>
        <DataRequestItem request={request({})} now={NOW} notify={() => {}} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: texts.answer }));
    fireEvent.click(screen.getByRole('button', { name: texts.sendAnswer }));
    expect(screen.getByText('Escribe la respuesta.')).toBeDefined();
  });
});

describe('the Retención tab', () => {
  it('checks a period against the bounds the contract states, in Spanish', () => {
    expect(retentionDaysProblem('orders', '365')).toBe('El plazo debe estar entre 2190 y 3650 días.');
    expect(retentionDaysProblem('video_mails', '6 meses')).toBe(retentionConsoleTexts.notANumber);
    expect(retentionDaysProblem('video_mails', '60')).toBeNull();
  });

  it('shows a fixed kind without a form, and a bad period next to its field', () => {
    const fixed: RetentionEntry = {
      kind: 'security_log',
      label: 'Registros de seguridad de las cuentas',
      days: 365,
      default_days: 365,
      min_days: 365,
      max_days: 365,
      period: '12 meses',
    };
    const editable: RetentionEntry = {
      kind: 'video_mails',
      label: 'Video mails y sus miniaturas',
      days: 180,
      default_days: 180,
      min_days: 30,
      max_days: 3650,
      period: '6 meses',
    };
    renderWithClient(
      <table>
        <tbody>
          <RetentionRow entry={fixed} notify={() => {}} />
          <RetentionRow entry={editable} notify={() => {}} />
        </tbody>
      </table>,
    );
    const [fixedRow, editableRow] = screen.getAllByRole('row');
    expect(within(fixedRow!).getByText(retentionConsoleTexts.fixed)).toBeDefined();
    expect(within(fixedRow!).queryByRole('textbox')).toBeNull();
    const field = within(editableRow!).getByRole('textbox', {
      name: 'Días para Video mails y sus miniaturas',
    });
    fireEvent.change(field, { target: { value: '10' } });
    fireEvent.click(within(editableRow!).getByRole('button', { name: /Guardar/ }));
    expect(within(editableRow!).getByText('El plazo debe estar entre 30 y 3650 días.')).toBeDefined();
  });
});
