import { useEffect, useRef, useState } from 'react';
import type { InboxResponse } from '@seguridad/contracts/http/operator';
import { formatPhone } from '@seguridad/contracts/helpers/phone';
import { callbackTexts } from '@seguridad/contracts/messages';
import type { InboxKind } from '@seguridad/contracts/realtime/operator';

export type Announcement = { key: number; text: string };

const keyOf = (kind: InboxKind, id: number) => `${kind}:${id}`;

/** What arrived in `next` that `known` did not hold, oldest first, as sentences to announce. */
export function newItemSentences(known: ReadonlySet<string>, next: InboxResponse): string[] {
  const arrivals = [
    ...next.video_mails
      .filter((mail) => !known.has(keyOf('videoMail', mail.id)))
      .map((mail) => ({ at: mail.created_at, text: `Nuevo video mail de ${mail.name}` })),
    ...next.contacts
      .filter((contact) => !known.has(keyOf('contact', contact.id)))
      .map((contact) => ({ at: contact.created_at, text: `Nuevo mensaje de ${contact.name}` })),
    ...next.callbacks
      .filter((callback) => !known.has(keyOf('callback', callback.id)))
      .map((callback) => ({
        at: callback.created_at,
        text: callbackTexts.announce(formatPhone(callback.phone)),
      })),
  ];
  return arrivals.sort((a, b) => a.at.localeCompare(b.at)).map((arrival) => arrival.text);
}

function keysOf(inbox: InboxResponse): Set<string> {
  return new Set([
    ...inbox.video_mails.map((mail) => keyOf('videoMail', mail.id)),
    ...inbox.contacts.map((contact) => keyOf('contact', contact.id)),
    ...inbox.callbacks.map((callback) => keyOf('callback', callback.id)),
  ]);
}

/**
 * Announces items that were not in the inbox before, however they arrived (a realtime event, the
 * resync after a reconnection, the periodic refresh). The first load is the starting point, not news.
 */
export function useNewItemAnnouncements(inbox: InboxResponse | undefined): Announcement | null {
  const known = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);

  useEffect(() => {
    if (!inbox) return;
    const previous = known.current;
    known.current = previous ? new Set([...previous, ...keysOf(inbox)]) : keysOf(inbox);
    if (!previous) return;
    const sentences = newItemSentences(previous, inbox);
    if (sentences.length === 0) return;
    // A new key re-creates the message node, so the same words are announced again.
    setAnnouncement((current) => ({ key: (current?.key ?? 0) + 1, text: `${sentences.join('. ')}.` }));
  }, [inbox]);

  return announcement;
}
