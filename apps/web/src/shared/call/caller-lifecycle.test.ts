import { describe, expect, it } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import {
  callerLifecycle,
  closesByItself,
  createCallerLifecycle,
  GENERAL_SPECIALITY,
  initialCallerLifecycle,
  type CallerEvent,
  type CallerLaunch,
  type CallerSurroundings,
} from './caller-lifecycle';
import type { CallEndReason, CallPhase } from './call-state';

const joining: CallPhase = { status: 'joining' };
const waiting: CallPhase = { status: 'waiting', position: 1, etaSeconds: 30 };
const connecting: CallPhase = { status: 'connecting', peer: null, remoteStream: null, screenStream: null };
const connected: CallPhase = {
  status: 'connected',
  reconnecting: false,
  peer: null,
  remoteStream: null,
  screenStream: null,
};
const failed: CallPhase = { status: 'failed', error: 'join_refused', message: 'No se pudo entrar.' };
const ended = (reason: CallEndReason, chatOccurred = false): CallPhase => ({
  status: 'ended',
  reason,
  chatOccurred,
});

const privateLink: CallerLaunch = {
  key: 'privateRoom:sala-1',
  privateRoom: 'sala-1',
  privateRoomInvalid: false,
};
const invalidLink: CallerLaunch = { key: 'invalidPrivateRoom', privateRoom: null, privateRoomInvalid: true };
const shareLink: CallerLaunch = { key: 'shareLink', privateRoom: null, privateRoomInvalid: false };

/** The panel around the store: what it renders with, reported as it changes. */
function panel(launch: CallerLaunch | null = null) {
  const lifecycle = createCallerLifecycle(launch);
  let surroundings: CallerSurroundings = {
    active: false,
    cameraReady: false,
    callStep: 'setup',
    phase: null,
    launch,
  };
  return {
    lifecycle,
    state: () => lifecycle.getSnapshot(),
    observe(change: Partial<CallerSurroundings>) {
      surroundings = { ...surroundings, ...change };
      return lifecycle.send({ type: 'observed', surroundings });
    },
    send: (event: CallerEvent) => lifecycle.send(event),
  };
}

type Panel = ReturnType<typeof panel>;

/** Shown, the camera ready, Llamar pressed, and the call created and joining. */
function inCall(launch: CallerLaunch | null = null): Panel {
  const shown = panel(launch);
  shown.observe({ active: true, cameraReady: true });
  shown.send({ type: 'callPressed' });
  shown.observe({ callStep: 'starting' });
  // The device check handed its stream to the call.
  shown.observe({ callStep: 'inCall', cameraReady: false, phase: joining });
  return shown;
}

/** In a call the operator answered, then ended as given. */
function endedCall(reason: CallEndReason = 'hangup', chatOccurred = false): Panel {
  const call = inCall();
  call.observe({ phase: connected });
  call.observe({ phase: ended(reason, chatOccurred) });
  return call;
}

describe('the setup', () => {
  it('starts from the page link: a private room to join, or the sentence of an invalid one', () => {
    expect(initialCallerLifecycle(null)).toMatchObject({
      stage: 'setup',
      privateRoom: null,
      problem: null,
      speciality: GENERAL_SPECIALITY,
    });
    expect(initialCallerLifecycle(privateLink)).toMatchObject({ privateRoom: 'sala-1', problem: null });
    expect(initialCallerLifecycle(invalidLink)).toMatchObject({
      privateRoom: null,
      problem: callTexts.privateRoomInvalid,
    });
  });

  it('turns the camera on while the panel shows and off when the person leaves it', () => {
    const setup = panel();
    expect(setup.observe({})).toEqual([
      { type: 'releaseDevices' },
      { type: 'setFullScreen', fullScreen: false },
    ]);
    expect(setup.observe({ active: true })).toEqual([{ type: 'openDevices' }]);
    expect(setup.observe({ active: false })).toEqual([{ type: 'releaseDevices' }]);
    expect(setup.observe({ active: true })).toEqual([{ type: 'openDevices' }]);
  });

  it('asks for nothing and keeps its snapshot while nothing it watches changes', () => {
    const setup = panel();
    setup.observe({ active: true, cameraReady: true });
    const before = setup.state();
    expect(setup.observe({ phase: null })).toEqual([]);
    expect(setup.state()).toBe(before);
    expect(setup.send({ type: 'closeTimerFired' })).toEqual([]);
    expect(setup.send({ type: 'hangUpPressed' })).toEqual([]);
    expect(setup.send({ type: 'closePressed' })).toEqual([]);
    expect(setup.send({ type: 'callbackPressed' })).toEqual([]);
    expect(setup.send({ type: 'ratingEngaged' })).toEqual([]);
    expect(setup.state()).toBe(before);
  });

  it('tells its subscribers only about changes', () => {
    const setup = panel();
    let told = 0;
    const unsubscribe = setup.lifecycle.subscribe(() => (told += 1));
    setup.observe({ active: true });
    setup.observe({});
    expect(told).toBe(1);
    unsubscribe();
    setup.observe({ active: false });
    expect(told).toBe(1);
  });

  it('calls only once the camera works, with the speciality chosen, and only once', () => {
    const setup = panel();
    setup.observe({ active: true });
    expect(setup.send({ type: 'callPressed' })).toEqual([]);
    setup.send({ type: 'specialityChosen', speciality: 7 });
    setup.observe({ cameraReady: true });
    expect(setup.send({ type: 'callPressed' })).toEqual([
      { type: 'startCall', privateRoom: null, speciality: 7 },
    ]);
    expect(setup.state().stage).toBe('starting');
    expect(setup.send({ type: 'callPressed' })).toEqual([]);
    // The select is disabled while the call is created.
    setup.send({ type: 'specialityChosen', speciality: 3 });
    expect(setup.state().speciality).toBe(7);
  });

  it('keeps the camera on while the call is created, then gives it to the call in full screen', () => {
    const setup = panel();
    setup.observe({ active: true, cameraReady: true });
    setup.send({ type: 'callPressed' });
    expect(setup.observe({ callStep: 'starting' })).toEqual([]);
    expect(setup.observe({ callStep: 'inCall', cameraReady: false, phase: joining })).toEqual([
      { type: 'releaseDevices' },
      { type: 'setFullScreen', fullScreen: true },
    ]);
    expect(setup.state().stage).toBe('inCall');
  });

  it('turns the camera off when the person leaves during the device check, and does not join then', () => {
    const invited = panel(privateLink);
    invited.observe({ active: true });
    expect(invited.observe({ active: false, cameraReady: true })).toEqual([{ type: 'releaseDevices' }]);
    expect(invited.state().stage).toBe('setup');
    // Back on the panel the camera comes on again, and the invitation is taken once it works.
    expect(invited.observe({ active: true, cameraReady: false })).toEqual([{ type: 'openDevices' }]);
    expect(invited.observe({ cameraReady: true })).toEqual([
      { type: 'startCall', privateRoom: 'sala-1', speciality: GENERAL_SPECIALITY },
    ]);
  });
});

describe('a call that cannot start', () => {
  function starting(launch: CallerLaunch | null = null) {
    const setup = panel(launch);
    setup.observe({ active: true, cameraReady: true });
    if (!launch) setup.send({ type: 'callPressed' });
    setup.observe({ callStep: 'starting' });
    return setup;
  }

  it('falls back to the video mail with the sentence, without what was typed', () => {
    const setup = starting();
    expect(setup.send({ type: 'startRefused', fallBack: true, sentence: callTexts.noOperators })).toEqual([
      { type: 'fallBackToVideoMail', reason: callTexts.noOperators, withTyped: false },
    ]);
    expect(setup.state()).toMatchObject({ stage: 'setup', problem: null });
    // The drawer moved to the video mail: the camera goes off, not on.
    expect(setup.observe({ active: false, callStep: 'setup' })).toEqual([{ type: 'releaseDevices' }]);
  });

  it('keeps an invalid private room on the setup with the sentence, and Llamar clears it', () => {
    const setup = starting(privateLink);
    expect(
      setup.send({ type: 'startRefused', fallBack: false, sentence: callTexts.privateRoomInvalid }),
    ).toEqual([]);
    expect(setup.state()).toMatchObject({
      stage: 'setup',
      privateRoom: null,
      problem: callTexts.privateRoomInvalid,
    });
    setup.observe({ callStep: 'setup' });
    expect(setup.send({ type: 'callPressed' })).toEqual([
      { type: 'startCall', privateRoom: null, speciality: GENERAL_SPECIALITY },
    ]);
    expect(setup.state().problem).toBeNull();
  });

  it('still takes the refusal when the call was seen back on setup first', () => {
    const setup = starting();
    expect(setup.observe({ callStep: 'setup' })).toEqual([]);
    expect(setup.state().stage).toBe('setup');
    expect(setup.send({ type: 'startRefused', fallBack: false, sentence: 'No.' })).toEqual([]);
    expect(setup.state().problem).toBe('No.');
  });

  it('ignores a refusal once in the call', () => {
    const call = inCall();
    expect(call.send({ type: 'startRefused', fallBack: true, sentence: 'No.' })).toEqual([]);
    expect(call.state().stage).toBe('inCall');
  });
});

describe('a private room link', () => {
  it('joins by itself once the panel shows and the camera works, and only once', () => {
    const invited = panel(privateLink);
    expect(invited.observe({ active: true })).toEqual([
      { type: 'openDevices' },
      { type: 'setFullScreen', fullScreen: false },
    ]);
    expect(invited.observe({ cameraReady: true })).toEqual([
      { type: 'startCall', privateRoom: 'sala-1', speciality: GENERAL_SPECIALITY },
    ]);
    // A fallback keeps the room for Llamar but does not join it again by itself.
    invited.observe({ callStep: 'starting' });
    invited.send({ type: 'startRefused', fallBack: true, sentence: callTexts.callFailed });
    invited.observe({ callStep: 'setup', active: false });
    expect(invited.observe({ active: true })).toEqual([{ type: 'openDevices' }]);
    expect(invited.state()).toMatchObject({ stage: 'setup', privateRoom: 'sala-1' });
  });

  it('starts over from a new link while on the setup, and joins that one', () => {
    const setup = panel(invalidLink);
    setup.observe({ active: true, cameraReady: true });
    setup.send({ type: 'specialityChosen', speciality: 4 });
    expect(setup.observe({ launch: shareLink })).toEqual([]);
    expect(setup.state()).toMatchObject({ privateRoom: null, problem: null, speciality: GENERAL_SPECIALITY });
    expect(setup.observe({ launch: privateLink })).toEqual([
      { type: 'startCall', privateRoom: 'sala-1', speciality: GENERAL_SPECIALITY },
    ]);
  });

  it('is dropped when it comes while a call is held', () => {
    const call = inCall();
    expect(call.observe({ launch: privateLink })).toEqual([]);
    expect(call.state()).toMatchObject({ stage: 'inCall', privateRoom: null });
    call.send({ type: 'hangUpPressed' });
    expect(call.observe({ callStep: 'setup', phase: null, cameraReady: true })).toEqual([
      { type: 'openDevices' },
      { type: 'setFullScreen', fullScreen: false },
    ]);
  });

  it('is applied again after a page without a link', () => {
    const setup = panel(invalidLink);
    setup.observe({ active: true });
    setup.observe({ launch: null });
    expect(setup.state().problem).toBe(callTexts.privateRoomInvalid);
    setup.send({ type: 'specialityChosen', speciality: 2 });
    setup.observe({ launch: invalidLink });
    expect(setup.state()).toMatchObject({
      problem: callTexts.privateRoomInvalid,
      speciality: GENERAL_SPECIALITY,
    });
  });
});

describe('in the call', () => {
  it('hangs up and leaves unrated when the operator never answered', () => {
    const call = inCall();
    call.observe({ phase: waiting });
    expect(call.send({ type: 'hangUpPressed' })).toEqual([
      { type: 'hangUp' },
      { type: 'leaveAfterHangUp', answered: false },
    ]);
    expect(call.state()).toMatchObject({ stage: 'setup', privateRoom: null, problem: null, answered: false });
  });

  it('remembers an answered call for the rating when the person hangs up', () => {
    const call = inCall();
    call.observe({ phase: connecting });
    expect(call.state().answered).toBe(false);
    call.observe({ phase: connected });
    call.observe({ phase: { ...connected, reconnecting: true } });
    expect(call.send({ type: 'hangUpPressed' })).toEqual([
      { type: 'hangUp' },
      { type: 'leaveAfterHangUp', answered: true },
    ]);
  });

  it('hangs up to ask for a callback while waiting', () => {
    const call = inCall();
    call.observe({ phase: waiting });
    expect(call.send({ type: 'callbackPressed' })).toEqual([{ type: 'hangUp' }, { type: 'requestCallback' }]);
    expect(call.state().stage).toBe('setup');
  });

  it('takes a press on the call view shown before the call was observed', () => {
    const setup = panel();
    setup.observe({ active: true, cameraReady: true });
    setup.send({ type: 'callPressed' });
    expect(setup.send({ type: 'hangUpPressed' })).toEqual([
      { type: 'hangUp' },
      { type: 'leaveAfterHangUp', answered: false },
    ]);
  });

  it('brings the camera back after the call unless the drawer closed with it', () => {
    const call = inCall();
    call.send({ type: 'hangUpPressed' });
    // Home, the drawer closed in the same render: the camera stays off.
    expect(call.observe({ callStep: 'setup', phase: null, active: false })).toEqual([
      { type: 'setFullScreen', fullScreen: false },
    ]);

    const again = inCall();
    again.send({ type: 'hangUpPressed' });
    expect(again.observe({ callStep: 'setup', phase: null })).toEqual([
      { type: 'openDevices' },
      { type: 'setFullScreen', fullScreen: false },
    ]);
  });

  it('falls back to the video mail, keeping the chat, when the media never connects', () => {
    const call = inCall();
    call.observe({ phase: connecting });
    expect(call.observe({ phase: ended('no_media', true) })).toEqual([
      { type: 'releaseMedia' },
      { type: 'closeCall' },
      { type: 'fallBackToVideoMail', reason: callTexts.noMediaCaller, withTyped: true },
    ]);
    expect(call.state()).toMatchObject({ stage: 'setup', end: null });
    expect(closesByItself(call.state())).toBe(false);
    expect(call.observe({ callStep: 'setup', phase: null, active: false })).toEqual([
      { type: 'setFullScreen', fullScreen: false },
    ]);
  });

  it('falls back to the video mail when the join fails', () => {
    const call = inCall();
    expect(call.observe({ phase: failed })).toEqual([
      { type: 'releaseMedia' },
      { type: 'closeCall' },
      { type: 'fallBackToVideoMail', reason: callTexts.callFailed, withTyped: false },
    ]);
    expect(call.state().stage).toBe('setup');
    // The same failed phase seen again before the call left does nothing more.
    expect(call.observe({ phase: { ...failed } })).toEqual([]);
  });
});

describe('the end of the call', () => {
  it('turns the media off when the operator ends it, and closes by itself after a while', () => {
    const call = inCall();
    call.observe({ phase: connected });
    expect(call.observe({ phase: ended('hangup') })).toEqual([{ type: 'releaseMedia' }]);
    expect(call.state()).toMatchObject({ stage: 'ended', answered: true });
    expect(closesByItself(call.state())).toBe(true);
    expect(call.send({ type: 'closeTimerFired' })).toEqual([{ type: 'closeCall' }, { type: 'finish' }]);
    expect(call.state()).toMatchObject({ stage: 'setup', answered: false, end: null });
  });

  it.each<CallEndReason>(['peer_left', 'abandoned', 'timeout'])(
    'closes by itself after an end by %s',
    (reason) => {
      expect(closesByItself(endedCall(reason).state())).toBe(true);
    },
  );

  it('stays open after the person hung up there, and after a chat', () => {
    expect(closesByItself(endedCall('local_hangup').state())).toBe(false);
    const chatted = endedCall('hangup', true);
    expect(closesByItself(chatted.state())).toBe(false);
    expect(chatted.send({ type: 'closeTimerFired' })).toEqual([]);
    expect(chatted.state().stage).toBe('ended');
  });

  it('stops closing by itself when a chat message arrives after the end', () => {
    const call = endedCall();
    expect(call.observe({ phase: ended('hangup', true) })).toEqual([]);
    expect(closesByItself(call.state())).toBe(false);
    // The media was turned off once, at the end.
    expect(call.state().end).toEqual({ reason: 'hangup', chatOccurred: true });
  });

  it('stops closing by itself once the person begins to rate the call', () => {
    const call = endedCall();
    expect(call.send({ type: 'ratingEngaged' })).toEqual([]);
    expect(closesByItself(call.state())).toBe(false);
    expect(call.send({ type: 'closeTimerFired' })).toEqual([]);
    expect(call.send({ type: 'closePressed' })).toEqual([{ type: 'closeCall' }, { type: 'finish' }]);
    expect(call.state()).toMatchObject({ stage: 'setup', ratingHeld: false });
  });

  it('closes on Cerrar and comes back to a fresh setup for the next call', () => {
    const call = endedCall('hangup', true);
    expect(call.send({ type: 'closePressed' })).toEqual([{ type: 'closeCall' }, { type: 'finish' }]);
    call.observe({ callStep: 'setup', phase: null, cameraReady: true });
    call.send({ type: 'callPressed' });
    call.observe({ callStep: 'starting' });
    call.observe({ callStep: 'inCall', cameraReady: false, phase: joining });
    expect(call.state()).toMatchObject({ stage: 'inCall', answered: false, ratingHeld: false, end: null });
  });
});

describe('a call that leaves without a press here', () => {
  it('goes back to the setup, camera on and full screen off', () => {
    const call = inCall();
    call.observe({ phase: connected });
    expect(call.observe({ callStep: 'setup', phase: null })).toEqual([
      { type: 'openDevices' },
      { type: 'setFullScreen', fullScreen: false },
    ]);
    expect(call.state()).toMatchObject({ stage: 'setup', answered: false, end: null });
  });

  it('changes nothing when the same end is seen again', () => {
    const call = endedCall();
    const before = call.state();
    expect(call.observe({ phase: ended('hangup') })).toEqual([]);
    expect(call.observe({ phase: connected })).toEqual([]);
    expect(call.send({ type: 'ratingEngaged' })).toEqual([]);
    expect(call.send({ type: 'ratingEngaged' })).toEqual([]);
    expect(call.state()).toMatchObject({ ...before, ratingHeld: true });
  });
});

describe('detached', () => {
  it('asks again for the camera and full screen when the panel is mounted again', () => {
    const setup = panel();
    setup.observe({ active: true });
    expect(setup.send({ type: 'detached' })).toEqual([]);
    expect(setup.send({ type: 'detached' })).toEqual([]);
    expect(setup.observe({})).toEqual([
      { type: 'openDevices' },
      { type: 'setFullScreen', fullScreen: false },
    ]);
  });
});

describe('callerLifecycle', () => {
  it('is pure: the state given is never changed', () => {
    const state = initialCallerLifecycle(privateLink);
    const copy = structuredClone(state);
    callerLifecycle(state, {
      type: 'observed',
      surroundings: { active: true, cameraReady: true, callStep: 'setup', phase: null, launch: privateLink },
    });
    expect(state).toEqual(copy);
  });
});
