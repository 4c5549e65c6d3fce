import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { CALL_ATTACHMENT_MAX_BYTES } from '@seguridad/contracts/http/calls';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { CHAT_MESSAGE_MAX } from '@seguridad/contracts/realtime/call';
import { Alert } from '../../ui/alert';
import type { ChatEntry } from '../call-session';
import { formatChatTime } from '../chat-time';
import { AttachmentIcon, attachmentKind } from './attachment-icon';
import styles from './chat-panel.module.css';

type ChatPanelProps = {
  entries: readonly ChatEntry[];
  onSend: (text: string) => void;
  onSendFile: (file: File) => Promise<void> | void;
  /** A fresh signed URL for an attachment (they expire: asked for right before use). */
  getAttachmentUrl: (attachmentId: number) => Promise<string>;
  disabled?: boolean;
  title?: string;
  headingLevel?: 2 | 3;
  className?: string;
  /**
   * The citizen's side, real-time text (decision 060): told the draft after each keystroke ('' once
   * sent or when the person turns it off with the switch this adds).
   */
  onDraftChange?: (draft: string) => void;
  /** The citizen's side: answers a quick question of the operator with Sí or No. */
  onAnswer?: (questionId: number, answer: string) => void;
  /** The operator's side: what the citizen is typing now (real-time text). */
  peerTyping?: string;
};

/** Closer than this to the bottom counts as reading the newest messages: new ones scroll into view. */
const STICK_TO_BOTTOM_PX = 64;

function senderLabel(entry: ChatEntry): string {
  if (entry.mine) return 'Tú';
  return entry.userName || (entry.user === 1 ? 'Ciudadano' : 'Operadora');
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/** Saves a file from a signed URL; the server serves it as an attachment, so the page stays. */
function download(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

function AttachmentImage({
  attachmentId,
  name,
  getAttachmentUrl,
}: {
  attachmentId: number;
  name: string;
  getAttachmentUrl: ChatPanelProps['getAttachmentUrl'];
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  /** Bumped when a loaded URL stops working (it expired): ask for a new one, once. */
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getAttachmentUrl(attachmentId).then(
      (fresh) => current && setUrl(fresh),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [attachmentId, getAttachmentUrl, attempt]);

  if (failed) return <p className={styles.note}>{`No pudimos mostrar la imagen ${name}.`}</p>;
  if (!url) return <p className={styles.note}>{callTexts.loadingImage}</p>;
  return (
    <a className={styles.imageLink} href={url} download={name} rel="noopener">
      <img
        className={styles.image}
        src={url}
        alt={name}
        onError={() => (attempt === 0 ? setAttempt(1) : setFailed(true))}
      />
    </a>
  );
}

function AttachmentFile({
  entry,
  getAttachmentUrl,
}: {
  entry: ChatEntry & { fileData: NonNullable<ChatEntry['fileData']> };
  getAttachmentUrl: ChatPanelProps['getAttachmentUrl'];
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const { fileData } = entry;
  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      download(await getAttachmentUrl(fileData.id), fileData.name);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={styles.fileButton}
        onClick={() => void open()}
        aria-busy={busy || undefined}
      >
        <AttachmentIcon kind={attachmentKind(fileData.mime, fileData.name)} />
        <span className={styles.fileName}>{fileData.name}</span>
        <span className={styles.fileSize}>{formatSize(fileData.size)}</span>
      </button>
      {failed && <p className={styles.error}>{errorMessages.generic}</p>}
    </>
  );
}

/** Under a quick question: the answer once given; Sí / No for the citizen until then. */
function QuickQuestionAnswer({
  entry,
  answer,
  onAnswer,
  disabled,
}: {
  entry: ChatEntry;
  answer: ChatEntry | undefined;
  onAnswer?: ChatPanelProps['onAnswer'];
  disabled: boolean;
}) {
  if (answer) return <p className={styles.answer}>{silentCallTexts.answered(answer.message)}</p>;
  if (!onAnswer || entry.mine || entry.id <= 0) return null;
  return (
    <div className={styles.answers} role="group" aria-label={entry.message}>
      {[silentCallTexts.yes, silentCallTexts.no].map((choice) => (
        <button
          key={choice}
          type="button"
          className={styles.answerButton}
          disabled={disabled}
          onClick={() => onAnswer(entry.id, choice)}
        >
          {choice}
        </button>
      ))}
    </div>
  );
}

function MessageBody({
  entry,
  getAttachmentUrl,
}: {
  entry: ChatEntry;
  getAttachmentUrl: ChatPanelProps['getAttachmentUrl'];
}) {
  const { fileData } = entry;
  const uploaded = fileData !== null && fileData.id > 0 && entry.loadingProgress === undefined;
  return (
    <>
      {entry.message && <p className={styles.text}>{entry.message}</p>}
      {entry.isFile && fileData && !uploaded && (
        <div className={styles.upload}>
          <AttachmentIcon kind={attachmentKind(fileData.mime, fileData.name)} />
          <span className={styles.fileName}>{fileData.name}</span>
          {entry.loadingProgress !== undefined && (
            <progress
              className={styles.progress}
              max={1}
              value={entry.loadingProgress}
              aria-label={`Subiendo ${fileData.name}`}
            />
          )}
        </div>
      )}
      {entry.isFile &&
        fileData &&
        uploaded &&
        (attachmentKind(fileData.mime, fileData.name) === 'image' ? (
          <AttachmentImage
            attachmentId={fileData.id}
            name={fileData.name}
            getAttachmentUrl={getAttachmentUrl}
          />
        ) : (
          <AttachmentFile entry={{ ...entry, fileData }} getAttachmentUrl={getAttachmentUrl} />
        ))}
    </>
  );
}

/**
 * The call's chat: messages in order with HH:mm, text always as text, images inline and other
 * files by an icon of their type. Enter sends, Shift+Enter starts a new line.
 */
export function ChatPanel({
  entries,
  onSend,
  onSendFile,
  getAttachmentUrl,
  disabled = false,
  title = 'Chat',
  headingLevel = 2,
  className,
  onDraftChange,
  onAnswer,
  peerTyping,
}: ChatPanelProps) {
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const stickToBottom = useRef(true);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [showTyping, setShowTyping] = useState(true);
  const tellDraft = (text: string) => {
    if (onDraftChange && showTyping) onDraftChange(text);
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Parents often pass a new function each render; a loaded image must not fetch a new URL for it.
  const latestGetAttachmentUrl = useRef(getAttachmentUrl);
  useEffect(() => {
    latestGetAttachmentUrl.current = getAttachmentUrl;
  });
  const fetchAttachmentUrl = useCallback(
    (attachmentId: number) => latestGetAttachmentUrl.current(attachmentId),
    [],
  );
  const newest = entries.at(-1);

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (stickToBottom.current || newest?.mine) element.scrollTop = element.scrollHeight;
  }, [entries.length, newest?.id, newest?.mine]);

  const onScroll = () => {
    const element = list.current;
    if (!element) return;
    stickToBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
  };

  const send = () => {
    const text = draft.trim();
    if (!text || disabled) return;
    onSend(text);
    setDraft('');
    tellDraft('');
    stickToBottom.current = true;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so the same file can be chosen again after a failure.
    event.target.value = '';
    if (!file || disabled) return;
    if (file.size > CALL_ATTACHMENT_MAX_BYTES) {
      setNotice(callTexts.attachmentTooLarge);
      return;
    }
    setNotice(null);
    stickToBottom.current = true;
    Promise.resolve()
      .then(() => onSendFile(file))
      .catch((error: unknown) =>
        setNotice(error instanceof RangeError ? callTexts.attachmentTooLarge : callTexts.attachmentFailed),
      );
  };

  return (
    <section aria-labelledby={headingId} className={[styles.panel, className].filter(Boolean).join(' ')}>
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      {/* New messages are read aloud as they are added (history is already there when it mounts). */}
      <ol
        ref={list}
        className={styles.messages}
        onScroll={onScroll}
        tabIndex={0}
        aria-label={callTexts.chatMessages}
        aria-live="polite"
        aria-relevant="additions"
      >
        {entries.map((entry) => (
          <li
            key={entry.id > 0 ? entry.id : entry.clientId}
            className={[
              styles.message,
              entry.mine ? styles.mine : styles.theirs,
              entry.quickQuestion ? styles.question : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <p className={styles.meta}>
              <span className={styles.sender}>
                {entry.quickQuestion ? silentCallTexts.questionLabel : senderLabel(entry)}
              </span>{' '}
              <time dateTime={entry.createdAt}>{formatChatTime(entry.createdAt)}</time>
            </p>
            <MessageBody entry={entry} getAttachmentUrl={fetchAttachmentUrl} />
            {entry.quickQuestion && (
              <QuickQuestionAnswer
                entry={entry}
                answer={entries.find((other) => other.answerTo === entry.id)}
                onAnswer={onAnswer}
                disabled={disabled}
              />
            )}
            {entry.pending && entry.loadingProgress === undefined && (
              <p className={styles.state}>{callTexts.sending}</p>
            )}
            {entry.failed && (
              <p className={styles.error}>
                {entry.isFile ? callTexts.attachmentFailed : 'No se pudo enviar.'}
              </p>
            )}
          </li>
        ))}
      </ol>
      {peerTyping !== undefined && (
        // Not a live region: it changes with every keystroke; the sent message is announced.
        <div className={styles.typing}>
          <p className={styles.typingLabel}>{silentCallTexts.typingLabel}</p>
          <p className={styles.typingText} data-testid="peer-typing">
            {peerTyping || <span className={styles.typingNothing}>{silentCallTexts.typingNothing}</span>}
          </p>
        </div>
      )}
      {notice && (
        <Alert tone="error" className={styles.notice}>
          {notice}
        </Alert>
      )}
      <form className={styles.composer} onSubmit={onSubmit}>
        <textarea
          className={styles.input}
          aria-label={callTexts.chatMessage}
          placeholder={callTexts.chatPlaceholder}
          value={draft}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            tellDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.attach}
            disabled={disabled}
            title={callTexts.attachmentHint}
            aria-describedby={`${headingId}-attach-hint`}
            onClick={() => fileInput.current?.click()}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
            </svg>
            <span className="visually-hidden">{callTexts.attachFile}</span>
          </button>
          <input
            ref={fileInput}
            type="file"
            hidden
            tabIndex={-1}
            aria-label={callTexts.attachFile}
            disabled={disabled}
            onChange={onFileChosen}
          />
          <button type="submit" className={styles.send} disabled={disabled || draft.trim() === ''}>
            {callTexts.send}
          </button>
        </div>
      </form>
      <p id={`${headingId}-attach-hint`} className={styles.hint}>
        {callTexts.attachmentHint}
      </p>
      {onDraftChange && (
        <label className={styles.typingSwitch}>
          <input
            type="checkbox"
            checked={showTyping}
            disabled={disabled}
            onChange={(event) => {
              const on = event.target.checked;
              setShowTyping(on);
              onDraftChange(on ? draft : '');
            }}
          />
          <span>
            {silentCallTexts.showTyping}
            <span className={styles.typingSwitchHint}>{silentCallTexts.showTypingHint}</span>
          </span>
        </label>
      )}
    </section>
  );
}
