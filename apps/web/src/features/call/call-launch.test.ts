import { describe, expect, it } from 'vitest';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import {
  callLaunchDelayMs,
  callLaunchKey,
  callOriginOf,
  isPrivateInvitation,
  parseCallLaunch,
} from './call-launch';

const launchOf = (search: string) => parseCallLaunch(new URLSearchParams(search));
const ROOM = 'Ab3_-xYz0123456789QWERTY';

describe('parseCallLaunch', () => {
  it('reads nothing from an ordinary page', () => {
    expect(launchOf('')).toBeNull();
    expect(launchOf('?token=abc&page=2')).toBeNull();
  });

  it('reads autovideo and ShareLink with or without a value, unless switched off', () => {
    expect(launchOf('?autovideo')).toEqual({ kind: 'autovideo' });
    expect(launchOf('?autovideo=1')).toEqual({ kind: 'autovideo' });
    expect(launchOf('?autovideo=true')).toEqual({ kind: 'autovideo' });
    expect(launchOf('?autovideo=0')).toBeNull();
    expect(launchOf('?autovideo=false')).toBeNull();
    expect(launchOf('?ShareLink=1')).toEqual({ kind: 'shareLink' });
    expect(launchOf('?ShareLink=')).toEqual({ kind: 'shareLink' });
  });

  it('reads the parameters by their exact spec names', () => {
    expect(launchOf('?AUTOVIDEO=1')).toBeNull();
    expect(launchOf('?sharelink=1')).toBeNull();
  });

  it('accepts a private room that looks like one and refuses anything else without asking', () => {
    expect(launchOf(`?privatevideo=${ROOM}`)).toEqual({ kind: 'privateRoom', room: ROOM });
    expect(launchOf(`?privatevideo=%20${ROOM}%20`)).toEqual({ kind: 'privateRoom', room: ROOM });
    expect(launchOf('?privatevideo=short')).toEqual({ kind: 'invalidPrivateRoom' });
    expect(launchOf('?privatevideo=')).toEqual({ kind: 'invalidPrivateRoom' });
    expect(launchOf(`?privatevideo=${ROOM.slice(0, 20)}<script>`)).toEqual({ kind: 'invalidPrivateRoom' });
    expect(launchOf(`?privatevideo=${'a'.repeat(65)}`)).toEqual({ kind: 'invalidPrivateRoom' });
  });

  it('lets a private room win over ShareLink, and ShareLink over autovideo', () => {
    expect(launchOf(`?autovideo=1&ShareLink=1&privatevideo=${ROOM}`)).toEqual({
      kind: 'privateRoom',
      room: ROOM,
    });
    expect(launchOf('?autovideo=1&ShareLink=1')).toEqual({ kind: 'shareLink' });
  });
});

describe('what a launch does', () => {
  it('waits the spec second for autovideo only', () => {
    expect(callLaunchDelayMs({ kind: 'autovideo' })).toBe(DELAYS_MS.autovideoOpen);
    expect(callLaunchDelayMs({ kind: 'shareLink' })).toBe(0);
    expect(callLaunchDelayMs({ kind: 'privateRoom', room: ROOM })).toBe(0);
  });

  it('treats private links, valid or not, as invitations that show the entry', () => {
    expect(isPrivateInvitation({ kind: 'privateRoom', room: ROOM })).toBe(true);
    expect(isPrivateInvitation({ kind: 'invalidPrivateRoom' })).toBe(true);
    expect(isPrivateInvitation({ kind: 'autovideo' })).toBe(false);
    expect(isPrivateInvitation(null)).toBe(false);
  });

  it('gives each launch a key that changes with the room', () => {
    expect(callLaunchKey(null)).toBe('');
    expect(callLaunchKey({ kind: 'privateRoom', room: ROOM })).not.toBe(
      callLaunchKey({ kind: 'privateRoom', room: `${ROOM}x` }),
    );
    expect(callLaunchKey({ kind: 'autovideo' })).not.toBe(callLaunchKey({ kind: 'shareLink' }));
  });
});

describe('callOriginOf', () => {
  it('keeps the origin and path, never the query or the fragment', () => {
    expect(callOriginOf(`https://muni.example.cl/tramites/?privatevideo=${ROOM}#contacto`)).toBe(
      'https://muni.example.cl/tramites/',
    );
  });

  it('says nothing for what is not a web page address', () => {
    expect(callOriginOf('not a url')).toBe('');
    expect(callOriginOf('javascript:alert(1)')).toBe('');
  });

  it('stays within the contract limit of 500 characters', () => {
    expect(callOriginOf(`https://a.cl/${'x'.repeat(600)}`)).toHaveLength(500);
  });
});
