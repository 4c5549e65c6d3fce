import { callTexts } from '@seguridad/contracts/messages';
import type { CallEndReason, CallPhase } from './call-state';

/**
 * The citizen's video call panel from the device check to the end of the call, free of React: a
 * pure transition from a state and an event to the next state and the commands the panel performs
 * for it, in order (turn the camera on, start the call, fall back to the video mail…).
 *
 *   setup ─Llamar, or a private room link once the camera works─▶ starting ─the call exists─▶ inCall
 *    ▲ ▲                                                             │                           │
 *    │ └───────── refused: a sentence here, or the video mail ◀──────┘        the phase ended ─▶ ended
 *    │
 *    └── from inCall or ended: Terminar Llamada, Cerrar, Solicitar llamada, 5 s after an end by the
 *        other side (no chat, no rating begun), media that never connected or a failed join (both
 *        to the video mail)
 *
 * What the panel renders with (shown or not, the camera, useCallerCall's step, the session's
 * phase, the page link) arrives as one `observed` event after each render that changed it; the
 * person's actions arrive as their own events. The camera and full screen follow the observed call
 * step, not the stage: Terminar Llamada may close the drawer in the same render, and the camera
 * must not come on for the render in between.
 */

/** The select's own General entry: sent as no speciality unless the company has one of that name. */
export const GENERAL_SPECIALITY = 0;

/** A page link as the lifecycle needs it (call-launch.ts reads it from the URL). */
export type CallerLaunch = {
  /** Tells one link from another: a new key while on the setup starts over from it. */
  key: string;
  privateRoom: string | null;
  /** The link names a private room that cannot exist. */
  privateRoomInvalid: boolean;
};

export type CallerCallStep = 'setup' | 'starting' | 'inCall';

export type CallerSurroundings = {
  /** The panel is on screen. */
  active: boolean;
  cameraReady: boolean;
  /** useCallerCall's step. */
  callStep: CallerCallStep;
  /** The session's phase; null without a session. */
  phase: CallPhase | null;
  launch: CallerLaunch | null;
};

export type CallerStage = 'setup' | 'starting' | 'inCall' | 'ended';

export type CallerLifecycleState = {
  stage: CallerStage;
  /** The private room Llamar joins; null for the public queue. */
  privateRoom: string | null;
  /** A sentence that keeps the person on the setup (an invalid private room). */
  problem: string | null;
  /** The speciality chosen; GENERAL_SPECIALITY until one is. */
  speciality: number;
  /** This link's private room was joined by itself once: after that only Llamar joins it. */
  autoJoined: boolean;
  /** The call reached `connected`: only an answered call is rated. */
  answered: boolean;
  /** The person began to rate the call: the end no longer closes by itself. */
  ratingHeld: boolean;
  /** How the call ended, in `ended`. */
  end: { reason: CallEndReason; chatOccurred: boolean } | null;
  /** The last observation, but the phase (handled as it arrives). */
  seen: { active: boolean; cameraReady: boolean; callStep: CallerCallStep; launchKey: string };
  /** What was last asked of the camera and of full screen; null: ask again on the next observation. */
  devicesOn: boolean | null;
  fullScreen: boolean | null;
};

export type CallerEvent =
  | { type: 'observed'; surroundings: CallerSurroundings }
  | { type: 'specialityChosen'; speciality: number }
  /** Llamar. */
  | { type: 'callPressed' }
  /** The call could not be created; `fallBack`: the video mail instead (call-failure.ts decides). */
  | { type: 'startRefused'; fallBack: boolean; sentence: string }
  | { type: 'ratingEngaged' }
  /** The end has shown for DELAYS_MS.endOfCallClose while it closes by itself. */
  | { type: 'closeTimerFired' }
  /** Terminar Llamada. */
  | { type: 'hangUpPressed' }
  /** Cerrar, on the end. */
  | { type: 'closePressed' }
  /** Solicitar llamada, while waiting. */
  | { type: 'callbackPressed' }
  /** The panel was unmounted (it turned the camera off); a StrictMode re-mount asks again. */
  | { type: 'detached' };

export type CallerCommand =
  /** Opens the device check unless it is already open or failed. */
  | { type: 'openDevices' }
  | { type: 'releaseDevices' }
  | { type: 'setFullScreen'; fullScreen: boolean }
  | { type: 'startCall'; privateRoom: string | null; speciality: number }
  /** Camera and microphone off once the call is over, even while the end shows. */
  | { type: 'releaseMedia' }
  /** Ends the call for both sides (useCallerCall's hangUp). */
  | { type: 'hangUp' }
  /** Clears our side of a call that is over (useCallerCall's close). */
  | { type: 'closeCall' }
  /** `withTyped`: what the person typed in the chat starts the video mail's message. */
  | { type: 'fallBackToVideoMail'; reason: string; withTyped: boolean }
  /** Back to the drawer's entries, the drawer closed. */
  | { type: 'finish' }
  /** Where Terminar Llamada leads; an answered call goes along, to be rated. */
  | { type: 'leaveAfterHangUp'; answered: boolean }
  | { type: 'requestCallback' };

export type CallerTransition = { state: CallerLifecycleState; commands: readonly CallerCommand[] };

function setupFor(launch: CallerLaunch | null) {
  return {
    speciality: GENERAL_SPECIALITY,
    privateRoom: launch?.privateRoom ?? null,
    problem: launch?.privateRoomInvalid ? callTexts.privateRoomInvalid : null,
  };
}

export function initialCallerLifecycle(launch: CallerLaunch | null): CallerLifecycleState {
  return {
    stage: 'setup',
    ...setupFor(launch),
    autoJoined: false,
    answered: false,
    ratingHeld: false,
    end: null,
    seen: { active: false, cameraReady: false, callStep: 'setup', launchKey: launch?.key ?? '' },
    devicesOn: null,
    fullScreen: null,
  };
}

/** Ended by the other side, without chat and not being rated: the end closes after a while (spec §4). */
export function closesByItself(state: CallerLifecycleState): boolean {
  return (
    state.stage === 'ended' &&
    state.end !== null &&
    state.end.reason !== 'local_hangup' &&
    !state.end.chatOccurred &&
    !state.ratingHeld
  );
}

const stay = (state: CallerLifecycleState): CallerTransition => ({ state, commands: [] });

function startCall(state: CallerLifecycleState): CallerTransition {
  return {
    state: { ...state, stage: 'starting', problem: null },
    commands: [{ type: 'startCall', privateRoom: state.privateRoom, speciality: state.speciality }],
  };
}

/** Back to a fresh setup, with what leaving the call takes. */
function leave(state: CallerLifecycleState, commands: CallerCommand[]): CallerTransition {
  return {
    state: {
      ...state,
      ...setupFor(null),
      stage: 'setup',
      answered: false,
      ratingHeld: false,
      end: null,
    },
    commands,
  };
}

function followPhase(state: CallerLifecycleState, phase: CallPhase): CallerTransition {
  if (state.stage === 'ended') {
    // A chat message after the end keeps the end on screen for the person to read it.
    if (phase.status !== 'ended' || !state.end || phase.chatOccurred === state.end.chatOccurred)
      return stay(state);
    return stay({ ...state, end: { ...state.end, chatOccurred: phase.chatOccurred } });
  }
  if (state.stage !== 'inCall') return stay(state);
  switch (phase.status) {
    case 'connected':
      return state.answered ? stay(state) : stay({ ...state, answered: true });
    case 'failed':
      // The room refused us or could not be reached: as with a call that could not be created.
      return leave(state, [
        { type: 'releaseMedia' },
        { type: 'closeCall' },
        { type: 'fallBackToVideoMail', reason: callTexts.callFailed, withTyped: false },
      ]);
    case 'ended':
      if (phase.reason === 'no_media') {
        return leave(state, [
          { type: 'releaseMedia' },
          { type: 'closeCall' },
          { type: 'fallBackToVideoMail', reason: callTexts.noMediaCaller, withTyped: true },
        ]);
      }
      return {
        state: { ...state, stage: 'ended', end: { reason: phase.reason, chatOccurred: phase.chatOccurred } },
        commands: [{ type: 'releaseMedia' }],
      };
    default:
      return stay(state);
  }
}

function observe(state: CallerLifecycleState, surroundings: CallerSurroundings): CallerTransition {
  const { active, cameraReady, callStep, launch } = surroundings;
  const launchKey = launch?.key ?? '';
  let next = state;
  const { seen } = state;
  if (
    seen.active !== active ||
    seen.cameraReady !== cameraReady ||
    seen.callStep !== callStep ||
    seen.launchKey !== launchKey
  ) {
    next = { ...next, seen: { active, cameraReady, callStep, launchKey } };
  }

  // A new link while the panel is mounted (a client-side navigation) starts over from it.
  if (launchKey !== seen.launchKey && launch && next.stage === 'setup') {
    next = { ...next, ...setupFor(launch), autoJoined: false };
  }

  if (callStep !== seen.callStep) {
    if (callStep === 'inCall' && next.stage === 'starting') {
      next = { ...next, stage: 'inCall', answered: false, ratingHeld: false, end: null };
    } else if (callStep === 'setup' && next.stage !== 'setup') {
      // Left without a press here: a refusal on its way (it still applies), or the hook unmounting.
      next = { ...next, stage: 'setup', answered: false, ratingHeld: false, end: null };
    }
  }

  return surroundings.phase ? followPhase(next, surroundings.phase) : stay(next);
}

function apply(
  state: CallerLifecycleState,
  event: Exclude<CallerEvent, { type: 'observed' }>,
): CallerTransition {
  switch (event.type) {
    case 'specialityChosen':
      return state.stage === 'setup' && state.speciality !== event.speciality
        ? stay({ ...state, speciality: event.speciality })
        : stay(state);
    case 'callPressed':
      return state.stage === 'setup' && state.seen.cameraReady ? startCall(state) : stay(state);
    case 'startRefused':
      if (state.stage !== 'starting' && state.stage !== 'setup') return stay(state);
      if (event.fallBack) {
        return {
          state: { ...state, stage: 'setup' },
          commands: [{ type: 'fallBackToVideoMail', reason: event.sentence, withTyped: false }],
        };
      }
      return stay({ ...state, stage: 'setup', privateRoom: null, problem: event.sentence });
    case 'ratingEngaged':
      return (state.stage === 'inCall' || state.stage === 'ended') && !state.ratingHeld
        ? stay({ ...state, ratingHeld: true })
        : stay(state);
    case 'closeTimerFired':
      return closesByItself(state) ? leave(state, [{ type: 'closeCall' }, { type: 'finish' }]) : stay(state);
    // Taken from `starting` too: the call view shows for the render before the observation of it.
    case 'hangUpPressed':
      return state.stage === 'setup'
        ? stay(state)
        : leave(state, [{ type: 'hangUp' }, { type: 'leaveAfterHangUp', answered: state.answered }]);
    case 'closePressed':
      return state.stage === 'setup'
        ? stay(state)
        : leave(state, [{ type: 'closeCall' }, { type: 'finish' }]);
    case 'callbackPressed':
      return state.stage === 'setup'
        ? stay(state)
        : leave(state, [{ type: 'hangUp' }, { type: 'requestCallback' }]);
    case 'detached':
      return state.devicesOn === null && state.fullScreen === null
        ? stay(state)
        : stay({ ...state, devicesOn: null, fullScreen: null });
  }
}

/**
 * What follows from an observation: the camera is on while the panel is on screen and until the
 * call takes the stream over; full screen while in the call; a private room link is an
 * invitation, joined by itself as soon as the camera works. In that order, around what the
 * observation itself asked for.
 */
function settle({ state, commands }: CallerTransition): CallerTransition {
  const { active, cameraReady, callStep } = state.seen;
  let next = state;
  const levels: CallerCommand[] = [];
  const devicesOn = active && callStep !== 'inCall';
  if (devicesOn !== next.devicesOn) {
    next = { ...next, devicesOn };
    levels.push({ type: devicesOn ? 'openDevices' : 'releaseDevices' });
  }
  const fullScreen = callStep === 'inCall';
  if (fullScreen !== next.fullScreen) {
    next = { ...next, fullScreen };
    levels.push({ type: 'setFullScreen', fullScreen });
  }
  const joinsByItself =
    next.stage === 'setup' &&
    next.privateRoom !== null &&
    !next.autoJoined &&
    active &&
    cameraReady &&
    callStep === 'setup';
  const joined = joinsByItself ? startCall({ ...next, autoJoined: true }) : stay(next);
  return { state: joined.state, commands: [...levels, ...commands, ...joined.commands] };
}

export function callerLifecycle(state: CallerLifecycleState, event: CallerEvent): CallerTransition {
  return event.type === 'observed' ? settle(observe(state, event.surroundings)) : apply(state, event);
}

export type CallerLifecycle = {
  getSnapshot(): CallerLifecycleState;
  subscribe(listener: () => void): () => void;
  /** Moves on with the event and returns what the panel performs for it, in order. */
  send(event: CallerEvent): readonly CallerCommand[];
};

/** The transition as a store for useSyncExternalStore; the snapshot changes only with the state. */
export function createCallerLifecycle(launch: CallerLaunch | null): CallerLifecycle {
  let state = initialCallerLifecycle(launch);
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send(event) {
      const next = callerLifecycle(state, event);
      if (next.state !== state) {
        state = next.state;
        listeners.forEach((listener) => listener());
      }
      return next.commands;
    },
  };
}
