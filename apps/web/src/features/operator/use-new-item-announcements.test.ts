import { describe, expect, it } from 'vitest';
import type { InboxResponse } from '@seguridad/contracts/http/operator';
import { newItemSentences } from './use-new-item-announcements';

const item = { email: 'a@b.cl', phone: '+56912345678', message: 'Hola', handled_at: null };

describe('announcing arrivals', () => {
  it('names what is new, oldest first, and nothing already known', () => {
    const inbox: InboxResponse = {
      code: 200,
      video_mails: [
        {
          ...item,
          id: 4,
          name: 'Rosa',
          is_derived: false,
          duration_ms: 1000,
          created_at: '2026-01-01T10:05:00.000Z',
          video_url: '/v',
          thumbnail_url: '/t',
        },
      ],
      contacts: [
        { ...item, id: 9, name: 'Pedro', created_at: '2026-01-01T10:01:00.000Z' },
        { ...item, id: 8, name: 'Ana', created_at: '2026-01-01T09:00:00.000Z' },
      ],
      callbacks: [
        {
          id: 3,
          phone: '+56912345678',
          preferred_time: 'asap',
          created_at: '2026-01-01T10:03:00.000Z',
          handled_at: null,
          note: '',
        },
      ],
    };
    expect(newItemSentences(new Set(['contact:8']), inbox)).toEqual([
      'Nuevo mensaje de Pedro',
      'Nueva solicitud de llamada de +56 9 1234 5678',
      'Nuevo video mail de Rosa',
    ]);
  });
});
