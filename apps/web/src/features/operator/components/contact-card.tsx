import type { InboxContact } from '@seguridad/contracts/http/operator';
import { errorText } from '../../../shared/api/api-client';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import { useMarkInboxItemHandled } from '../api/mark-inbox-item-handled';
import { HoldControl } from './hold-control';
import { InboxItemCard } from './inbox-item-card';

type ContactCardProps = {
  contact: InboxContact;
  /** Called as the operator marks it: the item stays in view, even in the list of pending ones. */
  keepInView: (id: number) => void;
  /** Supervisors and administrators may put it on legal hold. */
  canHold: boolean;
};

export function ContactCard({ contact, keepInView, canHold }: ContactCardProps) {
  const markHandled = useMarkInboxItemHandled('contact');
  return (
    <InboxItemCard
      name={contact.name}
      email={contact.email}
      phone={contact.phone}
      message={contact.message}
      createdAt={contact.created_at}
      handledAt={contact.handled_at}
      actions={<HoldControl subject="contact_message" id={contact.id} enabled={canHold} />}
      marking={markHandled.isPending}
      markError={markHandled.error ? errorText(markHandled.error, operatorTexts.markHandledFailed) : null}
      onMark={() => {
        keepInView(contact.id);
        markHandled.mutate({ id: contact.id });
      }}
    />
  );
}
