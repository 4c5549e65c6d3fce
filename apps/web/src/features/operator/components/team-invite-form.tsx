import { useId, useRef, useState, type FormEvent } from 'react';
import { accountEmailSchema } from '@seguridad/contracts/http/auth';
import type { Speciality } from '@seguridad/contracts/http/company';
import type { StaffRole } from '@seguridad/contracts/http/staff';
import { teamTexts } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { useInviteMember } from '../api/invite-member';
import { RoleSelect } from './role-select';
import { failureNotice, type Notify } from './settings-notice';
import { SpecialityChoices } from './speciality-choices';
import settingsStyles from './settings.module.css';
import styles from './team.module.css';

/** Invites someone by e-mail with a role and the specialities they will serve. */
export function TeamInviteForm({ specialities, notify }: { specialities: Speciality[]; notify: Notify }) {
  const titleId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('operator');
  const [chosen, setChosen] = useState<number[]>([]);
  const [emailError, setEmailError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = accountEmailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      emailRef.current?.focus();
      return;
    }
    setEmailError(undefined);
    invite.mutate(
      { email: parsed.data, role, speciality_ids: chosen },
      {
        onSuccess: ({ invitation }) => {
          setEmail('');
          setChosen([]);
          setRole('operator');
          notify({ tone: 'success', text: teamTexts.invited(invitation.email) });
        },
        onError: (failure) => {
          // The address is what the person fixes: taken, or not an address (the server's words).
          if (failure instanceof ApiRequestError && (failure.status === 409 || failure.status === 400)) {
            setEmailError(failure.userMessage);
            emailRef.current?.focus();
          } else notify(failureNotice(teamTexts.inviteFailed, failure));
        },
      },
    );
  }

  return (
    <section className={settingsStyles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={settingsStyles.cardTitle}>
        {teamTexts.inviteTitle}
      </h3>
      <p className={settingsStyles.lead}>{teamTexts.inviteLead}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailField
          ref={emailRef}
          label={teamTexts.email}
          value={email}
          error={emailError}
          maxLength={254}
          onChange={(event) => setEmail(event.target.value)}
        />
        <RoleSelect value={role} onChange={setRole} />
        <SpecialityChoices specialities={specialities} chosen={chosen} onChange={setChosen} />
        <div>
          <Button type="submit" busy={invite.isPending}>
            {teamTexts.invite}
          </Button>
        </div>
      </form>
    </section>
  );
}
