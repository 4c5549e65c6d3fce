import { vi } from 'vitest';
import type { ChatMessage, Participant } from '@seguridad/contracts/realtime/call';
import { CallSession } from '../call-session';
import type { CallCredentials, CallSessionOptions } from '../call-types';
import { FakePeerConnection, FakeSocket, fakeStream, room, settle } from './fake-transport';

export { FakePeerConnection, FakeSocket, fakeStream, room, settle };

export const callId = 41;
export const callToken = 'caller-token-0123456789abcdef';

export const caller: Participant = {
  userID: `caller:${callId}`,
  userName: 'Ana',
  side: 'caller',
  userAvatar: null,
};
export const operator: Participant = {
  userID: 'operator:7',
  userName: 'Operadora Rosa',
  side: 'answerer',
  userAvatar: null,
};

export function chatMessage(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'id'>): ChatMessage {
  return {
    roomName: room,
    clientId: `client${overrides.id}xxxx`,
    user: 2,
    userName: 'Operadora Rosa',
    message: `mensaje ${overrides.id}`,
    isFile: false,
    fileData: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export type Setup = {
  credentials?: CallCredentials;
  connected?: boolean;
  localStream?: MediaStream | null;
  ownsSocket?: boolean;
  uploadAttachment?: CallSessionOptions['uploadAttachment'];
  network?: CallSessionOptions['network'];
  textOnly?: boolean;
};

const sessions: CallSession[] = [];

export function setup({
  credentials = { side: 'caller', callToken },
  connected = true,
  localStream = fakeStream(),
  ownsSocket = false,
  uploadAttachment = async () => ({ id: 9, name: 'foto.png', mime: 'image/png', size: 10 }),
  network = null,
  textOnly = false,
}: Setup = {}) {
  const socket = new FakeSocket();
  if (connected) {
    socket.connected = true;
    socket.active = true;
  }
  const session = new CallSession({
    call: { id: callId, room },
    credentials,
    socket,
    ownsSocket,
    userName: credentials.side === 'caller' ? 'Ana' : undefined,
    localStream,
    iceServers: [{ urls: 'turn:relay.example:3478', username: 'u', credential: 'p' }],
    createPeerConnection: (config) => new FakePeerConnection(config) as unknown as RTCPeerConnection,
    uploadAttachment,
    now: () => new Date('2025-03-01T12:00:00.000Z'),
    network,
    textOnly,
  });
  sessions.push(session);
  return { socket, session };
}

/** Joins and answers the join as the server does; `users` are the others already in the room. */
export async function joinAs(
  socket: FakeSocket,
  session: CallSession,
  self: Participant,
  users: Participant[],
) {
  const joined = session.join();
  socket.lastJoin().ack?.({ ok: true, self, users, status: users.length ? 'active' : 'waiting' });
  socket.message({ id: 'usersInRoom', users });
  await joined;
  await settle();
}

/** An operator that accepted the call and made the offer, and the caller is there. */
export async function connectedOperator() {
  const { socket, session } = setup({ credentials: { side: 'answerer' } });
  await joinAs(socket, session, operator, [caller]);
  const peer = FakePeerConnection.last();
  socket.message({ id: 'startResponse', from: caller.userID, sdpAnswer: 'v=0 answer from caller' });
  await settle();
  peer.fireIceState('connected');
  return { socket, session, peer };
}

/** A caller that waited and answered the operator's offer. */
export async function connectedCaller() {
  const { socket, session } = setup();
  await joinAs(socket, session, caller, []);
  socket.message({ id: 'newUserInRoom', user: operator });
  socket.message({ id: 'start', from: operator.userID, sdpOffer: 'v=0 offer from operator' });
  await settle();
  const peer = FakePeerConnection.last();
  peer.fireIceState('connected');
  return { socket, session, peer };
}

/** Each test file runs this after every test: sessions disposed, fakes and timers reset. */
export function cleanUpCalls(): void {
  for (const session of sessions.splice(0)) session.dispose();
  FakePeerConnection.created = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
}
