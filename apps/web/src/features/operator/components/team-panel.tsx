import { useId } from 'react';
import { teamTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Snackbar } from '../../../shared/ui/snackbar';
import { usePanelNotice } from './settings-notice';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useTeam } from '../api/get-team';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import { TeamInvitations } from './team-invitations';
import { TeamInviteForm } from './team-invite-form';
import { TeamMembers } from './team-members';
import settingsStyles from './settings.module.css';
import styles from './team.module.css';

/** The Equipo tab, for administrators: invite, pending invitations, and the team. */
export function TeamPanel({ company }: { company: CompanySettingsResponse['company'] }) {
  const headingId = useId();
  const team = useTeam();
  const [notice, setNotice] = usePanelNotice();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={settingsStyles.panelTitle}>
        {teamTexts.title(company.name)}
      </h2>
      <div className={styles.grid}>
        <TeamInviteForm specialities={company.specialities} notify={setNotice} />
        {team.data && (
          <TeamInvitations
            invitations={team.data.invitations}
            specialities={company.specialities}
            notify={setNotice}
          />
        )}
      </div>
      {team.isError && (
        <>
          <Alert tone="error" title={teamTexts.loadFailed}>
            {errorText(team.error, operatorTexts.connectionProblem)}
          </Alert>
          <Button onClick={() => void team.refetch()} busy={team.isFetching}>
            {teamTexts.retry}
          </Button>
        </>
      )}
      {team.isPending && <p role="status">{teamTexts.loading}</p>}
      {team.data && (
        <TeamMembers
          members={team.data.members}
          specialities={company.specialities}
          ownUserId={team.data.own_user_id}
          notify={setNotice}
        />
      )}
      <Snackbar message={notice} onClose={() => setNotice(null)} />
    </section>
  );
}
