import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { useSendVideoMail } from './api/send-video-mail';
import { useSendWithNotice } from './use-timed-notice';
import {
  createVideoMailFlow,
  describeSendFailure,
  type VideoMailFields,
  type VideoMailState,
} from './video-mail-flow';
import type { RecorderState } from './video-recorder';

/** Where keyboard focus goes as the recorder reaches each step. */
export type StepFocusTargets = {
  startRef: RefObject<HTMLButtonElement | null>;
  stopRef: RefObject<HTMLButtonElement | null>;
  reviewRef: RefObject<HTMLHeadingElement | null>;
  cameraAlertRef: RefObject<HTMLDivElement | null>;
};

/** Keyboard focus follows the step, so it never falls to the page when a button disappears. */
function useStepFocus(step: RecorderState['step'], active: boolean): StepFocusTargets {
  const start = useRef<HTMLButtonElement>(null);
  const stop = useRef<HTMLButtonElement>(null);
  const review = useRef<HTMLHeadingElement>(null);
  const cameraAlert = useRef<HTMLDivElement>(null);
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    if (!active) return;
    const targets: Partial<Record<RecorderState['step'], RefObject<HTMLElement | null>>> = {
      previewing: start,
      recording: stop,
      recorded: review,
      failed: cameraAlert,
    };
    targets[step]?.current?.focus();
  }, [step, active]);
  return { startRef: start, stopRef: stop, reviewRef: review, cameraAlertRef: cameraAlert };
}

/**
 * The video mail flow (video-mail-flow.ts) for the panel: its state, the camera off whenever the
 * panel is not on screen, focus that follows the recorder, and the send with its timed notice.
 */
export function useVideoMail({
  active,
  derived,
  onFinished,
}: {
  active: boolean;
  /** Sent as is_derived (spec §4). */
  derived: boolean;
  onFinished: () => void;
}) {
  const sendVideoMail = useSendVideoMail();
  const [flow] = useState(() =>
    createVideoMailFlow({
      upload: (upload, { onProgress, onWaiting }) =>
        sendVideoMail.mutateAsync({ upload, onProgress, onWaiting }),
    }),
  );
  const state: VideoMailState = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);

  // The camera is on only while this panel is on screen (closing the drawer, going back).
  useEffect(() => {
    if (!active) void flow.release();
  }, [active, flow]);
  useEffect(() => () => void flow.release(), [flow]);

  const focusTargets = useStepFocus(state.recorder.step, active);

  const { sent, failure, noticeRef, submit } = useSendWithNotice({
    active,
    durationMs: DELAYS_MS.videoMailNotice,
    send: (fields: VideoMailFields) => flow.send(fields, derived),
    describeFailure: describeSendFailure,
    onDone: () => {
      flow.finish();
      sendVideoMail.reset();
      onFinished();
    },
  });

  return { state, flow, sent, failure, submit, noticeRef, ...focusTargets };
}
