import { CALL_ATTACHMENT_MAX_BYTES, type Attachment } from '@seguridad/contracts/http/calls';
import { callTexts } from '@seguridad/contracts/messages';
import {
  CHAT_MESSAGE_MAX,
  callSocketEvents,
  chatMessageSchema,
  type CallSide,
  type ChatMessage,
  type ChatSend,
} from '@seguridad/contracts/realtime/call';
import { isLivePhase } from './call-state';
import type { ChatEntry } from './call-snapshot';
import type { CallContext, CallSessionOptions } from './call-types';

type ChatUser = ChatMessage['user'];
type OutgoingChat = Pick<ChatSend, 'message' | 'attachmentId' | 'quickQuestion' | 'answerTo'>;
/** A quick question of the operator, or the citizen's answer to one (decision 060). */
export type ChatMessageRole = Pick<ChatSend, 'quickQuestion' | 'answerTo'>;

export type ChatOutboxOptions = Pick<CallSessionOptions, 'uploadAttachment' | 'userName' | 'now'> & {
  /** The join was acknowledged on the socket's current connection: sending makes sense. */
  inRoom: () => boolean;
};

/** 1 is the caller and 2 the operator (the answerer), in chat messages (spec §3). */
function chatUserOf(side: CallSide): ChatUser {
  return side === 'caller' ? 1 : 2;
}

/** A chat message id of our own choosing: a re-send after a reconnect is stored once. */
export function newChatClientId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID().replaceAll('-', '');
  const bytes = new Uint8Array(18);
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index += 1) bytes[index] = Math.floor(Math.random() * 256);
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** Acknowledged messages by id, then this side's unacknowledged ones in the order they were sent. */
function orderChat(entries: ChatEntry[]): ChatEntry[] {
  const acknowledged = entries.filter((entry) => entry.id > 0).sort((a, b) => a.id - b.id);
  const local = entries.filter((entry) => entry.id <= 0).sort((a, b) => b.id - a.id);
  return [...acknowledged, ...local];
}

/**
 * The call's chat: the messages in the store (deduped by id, in order), and the outbox of this
 * side's messages not yet acknowledged. While the socket is down they wait as `pending` and are
 * sent after the re-join with the same clientId (the server stores them once); the re-join asks
 * for everything after lastChatId.
 */
export class ChatOutbox {
  private readonly chatUser: ChatUser;
  private lastId = 0;
  private nextLocalId = 0;
  /** Chat messages not yet acknowledged, by clientId, in the order they were written. */
  private readonly outbox = new Map<string, OutgoingChat>();

  constructor(
    private readonly context: CallContext,
    private readonly options: ChatOutboxOptions,
  ) {
    this.chatUser = chatUserOf(context.side);
  }

  /** The highest id the server acknowledged or delivered: the re-join replays what came after. */
  get lastChatId(): number {
    return this.lastId;
  }

  hasChat(): boolean {
    return this.context.store.get().chat.some((entry) => entry.id > 0);
  }

  sendMessage(text: string, role: ChatMessageRole = {}): void {
    const message = text.trim().slice(0, CHAT_MESSAGE_MAX);
    if (!message || !this.canSend()) return;
    const clientId = newChatClientId();
    this.addLocalEntry(clientId, { message, isFile: false, fileData: null, ...role });
    this.outbox.set(clientId, { message, ...role });
    this.deliver(clientId);
  }

  /**
   * Uploads over HTTP (progress in the entry), then sends the chat message that points to it.
   * Rejects only a file over CALL_ATTACHMENT_MAX_BYTES; a failed upload marks its entry failed.
   */
  async sendFile(file: File): Promise<void> {
    if (file.size > CALL_ATTACHMENT_MAX_BYTES) throw new RangeError(callTexts.attachmentTooLarge);
    if (!this.canSend()) return;
    const clientId = newChatClientId();
    const mime = file.type || 'application/octet-stream';
    this.addLocalEntry(clientId, {
      message: '',
      isFile: true,
      fileData: { id: 0, name: file.name, mime, size: file.size },
      loadingProgress: 0,
    });
    let attachment: Attachment;
    try {
      attachment = await this.options.uploadAttachment(file, (fraction) =>
        this.context.guard(() =>
          this.patchLocalEntry(clientId, { loadingProgress: Math.min(1, Math.max(0, fraction)) }),
        ),
      );
    } catch {
      this.patchLocalEntry(clientId, { pending: false, failed: true, loadingProgress: undefined });
      return;
    }
    if (this.context.isDisposed()) return;
    this.patchLocalEntry(clientId, { fileData: attachment, loadingProgress: undefined });
    if (!this.canSend()) {
      this.patchLocalEntry(clientId, { pending: false, failed: true });
      return;
    }
    this.outbox.set(clientId, { attachmentId: attachment.id });
    this.deliver(clientId);
  }

  /** A `chat:message` from the socket; what does not parse or is for another room is dropped. */
  receive(payload: unknown): void {
    const parsed = chatMessageSchema.safeParse(payload);
    if (!parsed.success || parsed.data.roomName !== this.context.room) return;
    this.accept(parsed.data);
  }

  /** After a (re-)join: everything still unacknowledged is sent again, in order. */
  flush(): void {
    for (const clientId of this.outbox.keys()) this.deliver(clientId);
  }

  /** The call is over on this side: nothing more is sent, what was waiting is marked failed. */
  failPending(): void {
    for (const clientId of this.outbox.keys())
      this.patchLocalEntry(clientId, { pending: false, failed: true });
    this.outbox.clear();
  }

  private canSend(): boolean {
    return !this.context.isDisposed() && isLivePhase(this.context.store.get().phase);
  }

  /** A message the server stored: replaces our pending copy (same clientId), once per id. */
  private accept(message: ChatMessage): void {
    const store = this.context.store;
    const mine = message.user === this.chatUser;
    const chat = store.get().chat;
    if (mine) this.outbox.delete(message.clientId);
    this.lastId = Math.max(this.lastId, message.id);
    const pendingCopy = mine
      ? chat.find((entry) => entry.id <= 0 && entry.clientId === message.clientId)
      : undefined;
    const known = chat.find((entry) => entry.id === message.id);
    if (known && !pendingCopy) return;
    const others = chat.filter((entry) => entry !== pendingCopy && entry !== known);
    store.update({ chat: orderChat([...others, known ?? { ...message, mine }]) });
    store.dispatch({ type: 'chatOccurred' });
  }

  private addLocalEntry(
    clientId: string,
    content: Pick<
      ChatEntry,
      'message' | 'isFile' | 'fileData' | 'loadingProgress' | 'quickQuestion' | 'answerTo'
    >,
  ): void {
    const store = this.context.store;
    this.nextLocalId -= 1;
    const entry: ChatEntry = {
      id: this.nextLocalId,
      roomName: this.context.room,
      clientId,
      user: this.chatUser,
      userName: store.get().self?.userName || this.options.userName || '',
      createdAt: (this.options.now?.() ?? new Date()).toISOString(),
      pending: true,
      mine: true,
      ...content,
    };
    store.update({ chat: orderChat([...store.get().chat, entry]) });
  }

  private patchLocalEntry(clientId: string, patch: Partial<ChatEntry>): void {
    const chat = [...this.context.store.get().chat];
    const index = chat.findIndex((entry) => entry.id <= 0 && entry.clientId === clientId);
    const current = chat[index];
    if (!current) return;
    const next: ChatEntry = { ...current, ...patch };
    if (next.loadingProgress === undefined) delete next.loadingProgress;
    chat[index] = next;
    this.context.store.update({ chat });
  }

  /** Sends one outbox message if we are in the room; otherwise it waits for the next join. */
  private deliver(clientId: string): void {
    const outgoing = this.outbox.get(clientId);
    const socket = this.context.socket;
    if (!outgoing || !this.options.inRoom() || !socket.connected) return;
    const payload: ChatSend = { roomName: this.context.room, clientId, ...outgoing };
    socket.emit(callSocketEvents.chatSend, payload, (ack: unknown) =>
      this.context.guard(() => this.onAck(clientId, ack)),
    );
  }

  private onAck(clientId: string, ack: unknown): void {
    if (typeof ack !== 'object' || ack === null || !('ok' in ack)) return;
    if (ack.ok === true) {
      const stored = chatMessageSchema.safeParse((ack as { message?: unknown }).message);
      if (stored.success) this.accept(stored.data);
      return;
    }
    if (!this.outbox.delete(clientId)) return;
    this.patchLocalEntry(clientId, { pending: false, failed: true });
  }
}
