import { useState } from 'react';
import { settingsTexts } from '@seguridad/contracts/messages';
import { errorStatus, errorText } from '../../../shared/api/api-client';
import { EmailUnverifiedNotice } from '../../../shared/auth/email-unverified-notice';
import { Snackbar } from '../../../shared/ui/snackbar';
import { useUserInfo } from '../api/get-user-info';
import { useUpdateProfile } from '../api/update-profile';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import { useNotice } from '../use-notice';
import styles from '../settings-page.module.css';
import { AvatarPicker } from './avatar-picker';
import { ProfileForm, type ProfileValues } from './profile-form';
import { SectionFrame } from './section-frame';
import { SectionStatus } from './section-status';

/** Spec §2 Account: avatar, name, e-mail, and the profile form. */
export function AccountSection() {
  const userInfo = useUserInfo();
  const updateProfile = useUpdateProfile();
  const [avatar, setAvatar] = useState<File | null>(null);
  const { notice, show, clear } = useNotice();
  const user = userInfo.data?.user;

  async function save(values: ProfileValues): Promise<boolean> {
    try {
      const answer = await updateProfile.mutateAsync({ fields: values, avatar });
      setAvatar(null);
      show('success', answer.message);
      return true;
    } catch (error) {
      // The avatar's own refusals say what is wrong with the file; anything else is the spec's text.
      const status = errorStatus(error);
      show('error', status === 413 || status === 415 ? errorText(error) : settingsTexts.profileSaveFailed);
      return false;
    }
  }

  return (
    <SectionFrame title={settingsTexts.accountTitle} lead={t.accountLead}>
      {!user ? (
        <SectionStatus failed={userInfo.isError} />
      ) : (
        <>
          <div className={styles.identity}>
            <AvatarPicker current={user.profile.avatar_link} file={avatar} onChange={setAvatar} />
            <div>
              <p className={styles.identityName}>
                {user.profile.name} {user.profile.lastname}
              </p>
              <p className={styles.identityEmail}>{user.email}</p>
            </div>
          </div>
          {!user.email_verified && <EmailUnverifiedNotice />}
          <ProfileForm
            key={user.id}
            initial={{
              name: user.profile.name,
              lastname: user.profile.lastname,
              phone: user.profile.phone ?? '',
              rut: user.profile.rut ?? '',
              address: user.profile.address ?? '',
            }}
            onSave={save}
            avatarPending={avatar !== null}
          />
        </>
      )}
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? clear : undefined} />
    </SectionFrame>
  );
}
