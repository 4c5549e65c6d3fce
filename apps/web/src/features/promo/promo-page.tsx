import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DRAW } from '@seguridad/contracts/constants';
import { promoTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { clearSessionToken } from '../../shared/api/session-token';
import { useSessionToken } from '../../shared/auth/use-session-token';
import { Button } from '../../shared/ui/button';
import { Dialog, DialogActions } from '../../shared/ui/dialog';
import drawUrl from './assets/draw.svg?no-inline';
// `?no-inline`: the media CSP has no data: URLs, and the captions are under the inline limit.
import videoCaptionsUrl from './assets/app-video.vtt?no-inline';
import videoUrl from './assets/app-video.webm?url';
import videoPosterUrl from './assets/video.svg?no-inline';
import { usePromoDraw } from './api/get-draw';
import { usePromoStatus } from './api/get-promo-status';
import { promoLogout } from './api/promo-signup';
import { EmailUnverifiedNotice } from '../../shared/auth/email-unverified-notice';
import { InviteDialog } from './components/invite-dialog';
import { PhoneCodeStep } from './components/phone-code-step';
import { PromoRegisterForm } from './components/promo-register-form';
import styles from './promo-page.module.css';

/**
 * The promo page (spec §2 Promo page, §4 Promo): not signed in → the form; registered → the
 * phone's code (decision 039) → the invitations; invited → Registrar Otro Usuario. With a session
 * and a confirmed phone on load the dialog opens.
 */
export function PromoPage() {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const draw = usePromoDraw();
  const status = usePromoStatus(token);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [successOpen, setSuccessOpen] = useState(false);
  /** The form remounts empty after Registrar Otro Usuario. */
  const [formKey, setFormKey] = useState(0);
  const openedOnLoad = useRef(false);

  const invitations = status.data?.invitations ?? 0;
  const required = status.data?.invitations_required ?? DRAW.invitationsRequired;
  const invited = invitations >= required;

  // Spec §4: on load with a session the dialog opens (here: while invitations are still missing,
  // once the phone is confirmed; before that the page shows the code step).
  useEffect(() => {
    if (openedOnLoad.current || !status.data) return;
    openedOnLoad.current = true;
    if (
      status.data.registered &&
      status.data.phone_verified &&
      status.data.invitations < status.data.invitations_required
    )
      setInviteOpen(true);
  }, [status.data]);
  const phoneToVerify = status.data?.phone_to_verify ?? null;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['promo'] });

  const registerAnother = async () => {
    try {
      await promoLogout();
    } catch {
      // The token is forgotten below whatever the server answered.
    }
    clearSessionToken();
    setInviteOpen(false);
    setSuccessOpen(false);
    openedOnLoad.current = true;
    setFormKey((key) => key + 1);
    queryClient.removeQueries({ queryKey: ['promo', 'status'] });
  };

  const placesLeft = draw.data?.places_left;

  return (
    <article className={styles.page}>
      <div className={styles.heroBand}>
        <section className={styles.hero} aria-labelledby="promo-title">
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{promoTexts.heroEyebrow}</p>
            <h1 id="promo-title" className={styles.title}>
              {promoTexts.heroTitle}
            </h1>
            <p className={styles.lead}>{promoTexts.heroLead}</p>
            {placesLeft !== undefined && (
              <p className={styles.places} data-testid="places-left">
                {placesLeft > 0 ? promoTexts.placesLeft(placesLeft) : promoTexts.placesFull}
              </p>
            )}
            <ol className={styles.rules} aria-label={promoTexts.rulesTitle}>
              {promoTexts.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ol>
            <img
              className={styles.heroImage}
              src={drawUrl}
              alt=""
              width={320}
              height={280}
              decoding="async"
            />
          </div>

          <div className={styles.card}>
            {token === null ? (
              <PromoRegisterForm key={formKey} onRegistered={() => void refresh()} />
            ) : (
              <div className={styles.signedIn} aria-live="polite">
                <h2 className={styles.formTitle}>{promoTexts.signedInTitle}</h2>
                {status.data?.registered && phoneToVerify && (
                  <PhoneCodeStep maskedPhone={phoneToVerify} onVerified={() => setInviteOpen(!invited)} />
                )}
                {status.data?.registered && !status.data.email_verified && (
                  <EmailUnverifiedNotice text={promoTexts.emailStepLead} />
                )}
                {status.data?.registered && !(status.data.phone_verified && status.data.email_verified) && (
                  <p>{promoTexts.notCountedYet}</p>
                )}
                {status.data && !status.data.registered ? (
                  <p>{promoTexts.notRegistered}</p>
                ) : (
                  <>
                    <p>{promoTexts.winnersGetMail}</p>
                    <div className={styles.progress}>
                      <label htmlFor="promo-progress">{promoTexts.progressLabel}</label>
                      <progress id="promo-progress" max={required} value={Math.min(invitations, required)} />
                      <p className={styles.progressText} data-testid="promo-progress">
                        {promoTexts.progress(Math.min(invitations, required), required)}
                      </p>
                    </div>
                    {status.data?.eligible && <p className={styles.eligible}>{promoTexts.eligibleNote}</p>}
                    {status.data?.phone_verified &&
                      status.data.email_verified &&
                      !status.data.eligible &&
                      invited && <p>{promoTexts.outsideFirstThousand}</p>}
                    {status.data && !invited && <p>{promoTexts.pendingNote(required - invitations)}</p>}
                  </>
                )}
                {status.data?.registered && !invited ? (
                  <Button
                    type="button"
                    fullWidth
                    variant={phoneToVerify ? 'secondary' : 'primary'}
                    onClick={() => setInviteOpen(true)}
                  >
                    {promoTexts.invite}
                  </Button>
                ) : (
                  <Button type="button" fullWidth variant="secondary" onClick={() => void registerAnother()}>
                    {promoTexts.registerAnother}
                  </Button>
                )}
              </div>
            )}
          </div>
        </section>
      </div>

      <section className={styles.video} aria-labelledby="promo-video-title">
        {/* Silent and captioned; nothing loads until the visitor presses play. */}
        <video
          className={styles.player}
          controls
          preload="none"
          playsInline
          poster={videoPosterUrl}
          width={640}
          height={360}
          aria-label={promoTexts.videoPlay}
        >
          <source src={videoUrl} type="video/webm" />
          <track
            kind="captions"
            src={videoCaptionsUrl}
            srcLang="es"
            label={promoTexts.videoCaptions}
            default
          />
        </video>
        <div>
          <h2 id="promo-video-title">{promoTexts.videoTitle}</h2>
          <h3 className={styles.subtitle}>{promoTexts.appTitle}</h3>
          <ul className={styles.points}>
            {promoTexts.appPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <Link className={styles.resultsLink} to={webPaths.results}>
            {promoTexts.resultsLink}
          </Link>
        </div>
      </section>

      <InviteDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        onSettled={(allSent) => {
          void refresh();
          if (allSent) {
            setInviteOpen(false);
            setSuccessOpen(true);
          }
        }}
      />
      <Dialog
        open={successOpen}
        onOpenChange={setSuccessOpen}
        title={promoTexts.successTitle}
        description={promoTexts.successBody}
      >
        <DialogActions>
          <Button type="button" onClick={() => setSuccessOpen(false)}>
            {promoTexts.close}
          </Button>
        </DialogActions>
      </Dialog>
    </article>
  );
}
