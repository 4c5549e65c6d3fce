import { afterEach, describe, expect, it } from 'vitest';
import {
  caller,
  chatMessage,
  cleanUpCalls,
  FakePeerConnection,
  joinAs,
  operator,
  room,
  setup,
} from './testing/call-fixtures';

afterEach(cleanUpCalls);

/** A silent call's session (decision 060): a chat with no media, and real-time text. */
describe('a silent call', () => {
  it('is connected as soon as both are in the room, with no peer connection and no offer', async () => {
    const before = FakePeerConnection.created.length;
    const { socket, session } = setup({
      credentials: { side: 'answerer' },
      localStream: null,
      textOnly: true,
    });
    await joinAs(socket, session, operator, [caller]);
    expect(session.getSnapshot().phase).toMatchObject({ status: 'connected', reconnecting: false });
    expect(FakePeerConnection.created.length).toBe(before);
    expect(socket.sent('message').map((sent) => (sent.payload as { id: string }).id)).toEqual([]);
  });

  it('connects the waiting citizen when the operator arrives, and ignores stray signaling', async () => {
    const { socket, session } = setup({ localStream: null, textOnly: true });
    await joinAs(socket, session, caller, []);
    expect(session.getSnapshot().phase.status).toBe('waiting');
    socket.message({ id: 'newUserInRoom', user: operator });
    expect(session.getSnapshot().phase.status).toBe('connected');
    socket.message({ id: 'start', from: 'operator:1', sdpOffer: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' });
    expect(FakePeerConnection.created.filter((peer) => !peer.closed)).toHaveLength(0);
  });

  it("sends the citizen's draft once per change, and only from the citizen's side", async () => {
    const { socket, session } = setup({ localStream: null, textOnly: true });
    await joinAs(socket, session, caller, [operator]);
    session.sendTyping('Estoy');
    session.sendTyping('Estoy');
    session.sendTyping('Estoy en');
    session.sendTyping('');
    expect(socket.sent('message').map((sent) => sent.payload)).toEqual([
      { id: 'typing', roomName: room, text: 'Estoy' },
      { id: 'typing', roomName: room, text: 'Estoy en' },
      { id: 'typing', roomName: room, text: '' },
    ]);

    const answerer = setup({ credentials: { side: 'answerer' }, localStream: null, textOnly: true });
    await joinAs(answerer.socket, answerer.session, operator, [caller]);
    answerer.session.sendTyping('hola');
    expect(answerer.socket.sent('message')).toEqual([]);
  });

  it('shows the operator what the citizen types, and clears it when the call ends', async () => {
    const { socket, session } = setup({
      credentials: { side: 'answerer' },
      localStream: null,
      textOnly: true,
    });
    await joinAs(socket, session, operator, [caller]);
    socket.message({ id: 'typing', from: 'caller:41', text: 'Me está' });
    expect(session.getSnapshot().peerTyping).toBe('Me está');
    socket.fire('call:ended', { roomName: room, reason: 'quick_exit' });
    expect(session.getSnapshot().peerTyping).toBe('');
    expect(session.getSnapshot().phase).toMatchObject({ status: 'ended', reason: 'quick_exit' });
  });

  it('sends quick questions and their answers as chat messages with their role', async () => {
    const answerer = setup({ credentials: { side: 'answerer' }, localStream: null, textOnly: true });
    await joinAs(answerer.socket, answerer.session, operator, [caller]);
    answerer.session.sendQuickQuestion('¿Puedes hablar?');
    expect(answerer.socket.sent('chat:send')[0]?.payload).toMatchObject({
      roomName: room,
      message: '¿Puedes hablar?',
      quickQuestion: true,
    });

    const citizen = setup({ localStream: null, textOnly: true });
    await joinAs(citizen.socket, citizen.session, caller, [operator]);
    citizen.socket.fire(
      'chat:message',
      chatMessage({ id: 7, user: 2, message: '¿Puedes hablar?', quickQuestion: true }),
    );
    citizen.session.answerQuickQuestion(7, 'No');
    expect(citizen.socket.sent('chat:send')[0]?.payload).toMatchObject({ message: 'No', answerTo: 7 });
    expect(citizen.session.getSnapshot().chat.map((entry) => entry.answerTo ?? entry.quickQuestion)).toEqual([
      true,
      7,
    ]);
  });
});
