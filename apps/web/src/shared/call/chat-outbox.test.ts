import { afterEach, describe, expect, it, vi } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import type { Attachment } from '@seguridad/contracts/http/calls';
import { ChatOutbox, newChatClientId } from './chat-outbox';
import { partContext } from './testing/part-context';
import {
  cleanUpCalls,
  caller,
  chatMessage,
  connectedCaller,
  joinAs,
  operator,
  room,
  setup,
} from './testing/call-fixtures';

afterEach(cleanUpCalls);

describe('chat', () => {
  it('dedupes by id, orders by id and marks own messages', async () => {
    const { socket, session } = await connectedCaller();
    socket.fire('chat:message', chatMessage({ id: 3 }));
    socket.fire('chat:message', chatMessage({ id: 1, user: 1, userName: 'Ana' }));
    socket.fire('chat:message', chatMessage({ id: 3 }));
    socket.fire('chat:message', chatMessage({ id: 2, roomName: 'another_room_ABCDEFG' }));
    socket.fire('chat:message', { ...chatMessage({ id: 4 }), user: 3 });
    const chat = session.getSnapshot().chat;
    expect(chat.map((entry) => [entry.id, entry.mine])).toEqual([
      [1, true],
      [3, false],
    ]);
  });

  it('sends trimmed text with a clientId, shows it pending, and takes the acknowledged copy', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('   ');
    expect(socket.sent('chat:send')).toEqual([]);
    session.sendMessage('  <b>hola</b>  ');
    const [send] = socket.sent('chat:send');
    const payload = send?.payload as { roomName: string; clientId: string; message: string };
    expect(payload).toEqual({ roomName: room, clientId: expect.any(String), message: '<b>hola</b>' });
    expect(payload.clientId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(session.getSnapshot().chat).toMatchObject([
      {
        message: '<b>hola</b>',
        pending: true,
        mine: true,
        user: 1,
        userName: 'Ana',
        createdAt: '2025-03-01T12:00:00.000Z',
      },
    ]);
    const stored = chatMessage({
      id: 20,
      user: 1,
      userName: 'Ana',
      clientId: payload.clientId,
      message: '<b>hola</b>',
    });
    // The room's broadcast may come before the ack: one entry either way.
    socket.fire('chat:message', stored);
    send?.ack?.({ ok: true, message: stored });
    expect(session.getSnapshot().chat).toEqual([{ ...stored, mine: true }]);
  });

  it('marks a message the server refused as failed', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('hola');
    socket.sent('chat:send')[0]?.ack?.({ ok: false, error: 'rate_limited', message: 'Espera' });
    expect(session.getSnapshot().chat).toMatchObject([{ message: 'hola', pending: false, failed: true }]);
  });

  it('queues messages written while disconnected and sends them after the re-join, same clientId', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('primero');
    const firstClientId = (socket.sent('chat:send')[0]?.payload as { clientId: string }).clientId;
    socket.drop();
    session.sendMessage('segundo');
    expect(socket.sent('chat:send')).toHaveLength(1);
    expect(session.getSnapshot().chat.map((entry) => [entry.message, entry.pending])).toEqual([
      ['primero', true],
      ['segundo', true],
    ]);
    socket.open();
    expect(socket.sent('chat:send')).toHaveLength(1);
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [operator], status: 'active' });
    const resent = socket.sent('chat:send').slice(1);
    expect(resent.map((entry) => (entry.payload as { message: string }).message)).toEqual([
      'primero',
      'segundo',
    ]);
    expect((resent[0]?.payload as { clientId: string }).clientId).toBe(firstClientId);
    for (const [index, entry] of resent.entries()) {
      const payload = entry.payload as { clientId: string; message: string };
      entry.ack?.({
        ok: true,
        message: chatMessage({ id: 30 + index, user: 1, userName: 'Ana', ...payload }),
      });
    }
    expect(session.getSnapshot().chat.map((entry) => [entry.id, entry.message, entry.pending])).toEqual([
      [30, 'primero', undefined],
      [31, 'segundo', undefined],
    ]);
  });

  it('does not send again a message the room already received when its ack was lost', async () => {
    const { socket, session } = await connectedCaller();
    session.sendMessage('entregado');
    const clientId = (socket.sent('chat:send')[0]?.payload as { clientId: string }).clientId;
    socket.fire(
      'chat:message',
      chatMessage({ id: 5, user: 1, userName: 'Ana', clientId, message: 'entregado' }),
    );
    socket.drop();
    socket.open();
    socket.lastJoin().ack?.({ ok: true, self: caller, users: [operator], status: 'active' });
    expect(socket.sent('chat:send')).toHaveLength(1);
    expect(session.getSnapshot().chat).toMatchObject([{ id: 5, message: 'entregado', mine: true }]);
  });

  it('uploads a file with progress, then sends it as a chat message', async () => {
    let finishUpload: (attachment: Attachment) => void = () => undefined;
    let reportProgress: (fraction: number) => void = () => undefined;
    const { socket, session } = setup({
      uploadAttachment: (_file, onProgress) => {
        reportProgress = onProgress;
        return new Promise((resolve) => (finishUpload = resolve));
      },
    });
    await joinAs(socket, session, caller, []);
    const file = new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' });
    const sending = session.sendFile(file);
    expect(session.getSnapshot().chat).toMatchObject([
      {
        isFile: true,
        loadingProgress: 0,
        pending: true,
        fileData: { id: 0, name: 'contrato.pdf', mime: 'application/pdf' },
      },
    ]);
    reportProgress(0.5);
    expect(session.getSnapshot().chat[0]?.loadingProgress).toBe(0.5);
    finishUpload({ id: 77, name: 'contrato.pdf', mime: 'application/pdf', size: 8 });
    await sending;
    expect(session.getSnapshot().chat[0]).not.toHaveProperty('loadingProgress');
    expect(socket.sent('chat:send')[0]?.payload).toMatchObject({ roomName: room, attachmentId: 77 });
  });

  it('refuses a file over 25 MB and marks a failed upload', async () => {
    const { socket, session } = setup({
      uploadAttachment: async () => {
        throw new Error('network');
      },
    });
    await joinAs(socket, session, caller, []);
    const huge = { name: 'big.bin', type: '', size: 25 * 1024 * 1024 + 1 } as File;
    await expect(session.sendFile(huge)).rejects.toThrow(callTexts.attachmentTooLarge);
    expect(session.getSnapshot().chat).toEqual([]);
    await session.sendFile(new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(session.getSnapshot().chat).toMatchObject([{ isFile: true, failed: true, pending: false }]);
    expect(socket.sent('chat:send')).toEqual([]);
  });

  it('makes client ids the server accepts', () => {
    for (let index = 0; index < 20; index += 1) expect(newChatClientId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Without randomUUID (older Safari, or a page that is not a secure context).
    const getRandomValues = globalThis.crypto.getRandomValues.bind(globalThis.crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    try {
      const id = newChatClientId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(newChatClientId()).not.toBe(id);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('ChatOutbox on its own', () => {
  function outbox() {
    const parts = partContext();
    const room = { inRoom: false };
    parts.store.dispatch({ type: 'joinStarted' });
    const chat = new ChatOutbox(parts.context, {
      uploadAttachment: async () => ({ id: 1, name: 'a', mime: 'text/plain', size: 1 }),
      userName: 'Ana',
      inRoom: () => room.inRoom,
    });
    return { ...parts, chat, room };
  }

  it('holds messages until the room is joined, then sends them in order', () => {
    const { chat, socket, room } = outbox();
    chat.sendMessage('uno');
    chat.sendMessage('dos');
    expect(socket.sent('chat:send')).toEqual([]);
    room.inRoom = true;
    chat.flush();
    expect(socket.sent('chat:send').map((entry) => (entry.payload as { message: string }).message)).toEqual([
      'uno',
      'dos',
    ]);
  });

  it('marks what is still waiting as failed when the call stops, and sends nothing more', () => {
    const { chat, socket, store, room } = outbox();
    chat.sendMessage('tarde');
    chat.failPending();
    expect(store.get().chat).toMatchObject([{ message: 'tarde', pending: false, failed: true }]);
    room.inRoom = true;
    chat.flush();
    expect(socket.sent('chat:send')).toEqual([]);
  });

  it('remembers the highest id seen, whatever the order, and whether there was a chat', () => {
    const { chat } = outbox();
    expect(chat.hasChat()).toBe(false);
    chat.receive(chatMessage({ id: 8 }));
    chat.receive(chatMessage({ id: 3 }));
    expect(chat.lastChatId).toBe(8);
    expect(chat.hasChat()).toBe(true);
  });

  it('sends nothing once the call is over', () => {
    const { chat, socket, store, room } = outbox();
    room.inRoom = true;
    store.dispatch({ type: 'ended', reason: 'hangup' });
    chat.sendMessage('hola');
    expect(socket.sent('chat:send')).toEqual([]);
    expect(store.get().chat).toEqual([]);
  });
});
