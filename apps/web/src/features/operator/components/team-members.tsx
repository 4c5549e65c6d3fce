import { useId, useState } from 'react';
import type { Speciality } from '@seguridad/contracts/http/company';
import type { StaffRole, TeamMember } from '@seguridad/contracts/http/staff';
import { staffTexts, teamTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useChangeMember } from '../api/change-member';
import { useSetMemberActive } from '../api/set-member-active';
import { formatDateTime } from '../format';
import { RoleSelect } from './role-select';
import { failureNotice, type Notify } from './settings-notice';
import { SpecialityChoices, specialityNames } from './speciality-choices';
import settingsStyles from './settings.module.css';
import styles from './team.module.css';

type TeamMembersProps = {
  members: TeamMember[];
  specialities: Speciality[];
  /** The signed-in administrator: their row says so, and has no Desactivar. */
  ownUserId: number | undefined;
  notify: Notify;
};

/** The company's members: what they are, and their role, specialities and state to change. */
export function TeamMembers({ members, specialities, ownUserId, notify }: TeamMembersProps) {
  const titleId = useId();
  return (
    <section className={settingsStyles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={settingsStyles.cardTitle}>
        {teamTexts.membersTitle}
      </h3>
      <ul className={styles.list}>
        {members.map((member) => (
          <MemberRow
            key={member.user_id}
            member={member}
            specialities={specialities}
            own={member.user_id === ownUserId}
            notify={notify}
          />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({
  member,
  specialities,
  own,
  notify,
}: {
  member: TeamMember;
  specialities: Speciality[];
  own: boolean;
  notify: Notify;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const setActive = useSetMemberActive();
  const stateText = member.active ? teamTexts.active : teamTexts.inactive;

  function setMemberActive(active: boolean) {
    setActive.mutate(
      { userId: member.user_id, active },
      {
        onSuccess: () =>
          notify({
            tone: 'success',
            text: active ? teamTexts.reactivated(member.name) : teamTexts.deactivated(member.name),
          }),
        onError: (failure) => notify(failureNotice(teamTexts.stateFailed, failure)),
        onSettled: () => setConfirming(false),
      },
    );
  }

  return (
    <li className={`${styles.row} ${styles.memberRow}`} aria-label={member.name}>
      <div className={styles.who}>
        <div className={styles.name}>
          {member.name}
          {own && ` ${teamTexts.you}`}
        </div>
        <div className={styles.email}>{member.email}</div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{teamTexts.role}</dt>
          <dd>{staffTexts.roles[member.role]}</dd>
        </div>
        <div>
          <dt>{teamTexts.specialitiesShort}</dt>
          <dd>{specialityNames(specialities, member.speciality_ids)}</dd>
        </div>
        <div>
          <dt>{teamTexts.lastSignIn}</dt>
          <dd>{member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : teamTexts.neverSignedIn}</dd>
        </div>
        <div>
          <dt>{teamTexts.twoStep}</dt>
          <dd>{member.two_step ? teamTexts.twoStepOn : teamTexts.twoStepOff}</dd>
        </div>
        <div>
          <dt>{teamTexts.state}</dt>
          <dd>
            <span className={`${styles.badge} ${member.active ? styles.badgeActive : styles.badgeInactive}`}>
              {stateText}
            </span>
          </dd>
        </div>
      </dl>
      <div className={styles.rowActions}>
        <Button variant="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {teamTexts.edit}
          <span className="visually-hidden"> {member.name}</span>
        </Button>
        {!own && (
          <Button
            variant={member.active ? 'danger' : 'secondary'}
            busy={setActive.isPending && !confirming}
            // Deactivating cuts the person off at once: it asks first. Reactivating harms nobody.
            onClick={() => (member.active ? setConfirming(true) : setMemberActive(true))}
          >
            {member.active ? teamTexts.deactivate : teamTexts.reactivate}
            <span className="visually-hidden"> {member.name}</span>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={teamTexts.deactivateTitle(member.name)}
        description={teamTexts.deactivateDescription}
        confirmLabel={teamTexts.deactivateConfirm}
        cancelLabel={teamTexts.cancel}
        danger
        busy={setActive.isPending}
        onConfirm={() => setMemberActive(false)}
        onCancel={() => setConfirming(false)}
      />
      {editing && (
        <MemberEditor
          member={member}
          specialities={specialities}
          notify={notify}
          onDone={() => setEditing(false)}
        />
      )}
    </li>
  );
}

function MemberEditor({
  member,
  specialities,
  notify,
  onDone,
}: {
  member: TeamMember;
  specialities: Speciality[];
  notify: Notify;
  onDone: () => void;
}) {
  const titleId = useId();
  const change = useChangeMember();
  const [role, setRole] = useState<StaffRole>(member.role);
  const [chosen, setChosen] = useState<number[]>(member.speciality_ids);

  return (
    <form
      className={styles.editForm}
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { userId: member.user_id, role, speciality_ids: chosen },
          {
            onSuccess: () => {
              notify({ tone: 'success', text: teamTexts.saved(member.name) });
              onDone();
            },
            onError: (failure) => notify(failureNotice(teamTexts.saveFailed, failure)),
          },
        );
      }}
    >
      <h4 id={titleId} className="visually-hidden">
        {teamTexts.editTitle(member.name)}
      </h4>
      <RoleSelect value={role} onChange={setRole} />
      <SpecialityChoices specialities={specialities} chosen={chosen} onChange={setChosen} />
      <div className={styles.rowActions}>
        <Button type="submit" busy={change.isPending}>
          {teamTexts.save}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {teamTexts.cancel}
        </Button>
      </div>
    </form>
  );
}
