import type { InboxContact } from '@seguridad/contracts/http/operator';
import { ApiRequestError } from '../../../shared/api/api-client';
import { useMarkContactHandled } from '../api/mark-contact-handled';
import { InboxItemCard } from './inbox-item-card';

type ContactCardProps = {
  contact: InboxContact;
  /** Called as the operator marks it: the item stays in view, even in the list of pending ones. */
  keepInView: (id: number) => void;
};

export function ContactCard({ contact, keepInView }: ContactCardProps) {
  const markHandled = useMarkContactHandled();
  return (
    <InboxItemCard
      name={contact.name}
      email={contact.email}
      phone={contact.phone}
      message={contact.message}
      createdAt={contact.created_at}
      handledAt={contact.handled_at}
      marking={markHandled.isPending}
      markError={
        markHandled.error
          ? markHandled.error instanceof ApiRequestError
            ? markHandled.error.userMessage
            : 'No se pudo marcar como atendido. Inténtalo nuevamente.'
          : null
      }
      onMark={() => {
        keepInView(contact.id);
        markHandled.mutate(contact.id);
      }}
    />
  );
}
