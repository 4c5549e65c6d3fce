import { useId, useRef, useState } from 'react';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useCreatePrivateRoom } from '../api/create-private-room';
import { formatDateTime } from '../format';
import { consoleCallTexts } from '@seguridad/contracts/messages/console-ui';
import styles from './calls.module.css';
import { CallLinkSender } from './call-link-sender';

type PrivateRoomsProps = {
  rooms: readonly QueuedCall[];
  /** The room being entered right now, if any. */
  enteringId: number | null;
  busy: boolean;
  onCreated: (room: QueuedCall) => void;
  onEnter: (room: QueuedCall) => void;
  /** The calls tab is open: the call links' states are kept fresh. */
  linksEnabled?: boolean;
};

/**
 * Private rooms: the operator creates one, sends its link to a citizen (by phone, mail, chat…), and
 * enters it; the citizen's widget opens straight into the same call.
 */
export function PrivateRooms({
  rooms,
  enteringId,
  busy,
  onCreated,
  onEnter,
  linksEnabled = true,
}: PrivateRoomsProps) {
  const headingId = useId();
  const create = useCreatePrivateRoom();
  const [created, setCreated] = useState<{ link: string; roomId: number } | null>(null);

  function createRoom() {
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setCreated({ link: answer.link, roomId: answer.call.id });
        onCreated(answer.call);
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.sectionTitle}>
          Salas privadas
        </h2>
        <Button variant="secondary" onClick={createRoom} busy={create.isPending}>
          Crear sala privada
        </Button>
      </div>
      {create.isError && (
        <Alert tone="error">{errorText(create.error, consoleCallTexts.privateRoomFailed)}</Alert>
      )}
      {created && <PrivateRoomLink key={created.roomId} link={created.link} />}
      <CallLinkSender enabled={linksEnabled} onSent={onCreated} />
      {rooms.length === 0 ? (
        <p className={styles.hint}>
          Crea una sala y envía su enlace a la persona que debe entrar a la videollamada.
        </p>
      ) : (
        <ul className={styles.rooms}>
          {rooms.map((room) => (
            <PrivateRoomItem
              key={room.id}
              room={room}
              entering={enteringId === room.id}
              disabled={busy}
              onEnter={() => onEnter(room)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PrivateRoomItem({
  room,
  entering,
  disabled,
  onEnter,
}: {
  room: QueuedCall;
  entering: boolean;
  disabled: boolean;
  onEnter: () => void;
}) {
  const titleId = useId();
  const created = formatDateTime(room.created_at);
  return (
    <li className={styles.roomItem} aria-labelledby={titleId}>
      <p id={titleId} className={styles.roomTitle}>
        Sala privada <time dateTime={room.created_at}>{created}</time>
      </p>
      <Button
        onClick={onEnter}
        busy={entering}
        disabled={disabled && !entering}
        aria-label={`Entrar a la sala privada de ${created}`}
      >
        Entrar
      </Button>
    </li>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The new room's link, in a field anyone can select by hand when the clipboard is not allowed. */
function PrivateRoomLink({ link }: { link: string }) {
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  async function copyLink() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
      field.current?.focus();
      field.current?.select();
    }
  }

  return (
    <div className={styles.linkBox}>
      <label htmlFor={fieldId} className={styles.linkLabel}>
        Enlace de la sala privada
      </label>
      <div className={styles.linkRow}>
        <input
          ref={field}
          id={fieldId}
          className={styles.linkField}
          type="text"
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copyLink()}>
          Copiar enlace
        </Button>
      </div>
      <p role="status" className={copy === 'failed' ? styles.copyFailed : styles.copyDone}>
        {copy === 'copied' && consoleCallTexts.linkCopied}
        {copy === 'failed' && consoleCallTexts.linkCopyFallback}
      </p>
    </div>
  );
}
