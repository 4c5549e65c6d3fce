import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallRecord } from '@seguridad/contracts/http/calls';
import { callHistoryTexts } from '@seguridad/contracts/messages/console';
import { operatorQueryKeys } from '../api/operator-query-keys';
import { CallHistory } from './call-history';

const answered = {
  room: 'sala',
  speciality: 'General',
  from: 'https://sitio.example.cl/',
  private: false,
  status: 'ended',
  created_at: '2026-11-27T09:00:00.000Z',
  accepted_at: '2026-11-27T09:00:10.000Z',
  ended_at: '2026-11-27T09:02:10.000Z',
  end_reason: null,
  chat_messages: 0,
  rating: null,
} as const;

afterEach(cleanup);

describe('CallHistory', () => {
  it('says whether each answered call came by phone or by video', () => {
    const client = new QueryClient();
    const calls: CallRecord[] = [
      { ...answered, id: 2, kind: 'phone' },
      { ...answered, id: 1, kind: 'video' },
    ];
    client.setQueryData(operatorQueryKeys.callHistory, { code: 200, calls });
    client.setQueryData(operatorQueryKeys.recordings, { code: 200, recordings: [] });
    render(
      <QueryClientProvider client={client}>
        <CallHistory enabled={false} canHold={false} />
      </QueryClientProvider>,
    );
    const [phone, video] = within(screen.getByRole('region', { name: callHistoryTexts.title })).getAllByRole(
      'listitem',
    );
    expect(phone!.textContent).toContain(callHistoryTexts.channel.phone);
    expect(phone!.textContent).toContain(callHistoryTexts.status.ended);
    expect(video!.textContent).toContain(callHistoryTexts.channel.video);
    expect(video!.textContent).not.toContain(callHistoryTexts.channel.phone);
  });
});
