import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@portal/contracts';
import { applySignUse, decideSignUse } from './sign-use-rules.js';

const today = '2026-11-21';

describe('sign-in decision', () => {
  it('asks a visitor to log in before anything else', () => {
    expect(decideSignUse(null, today, today)).toBe('needsLogin');
  });

  it('refuses free users even when another account signed in today', () => {
    expect(decideSignUse({ paidUser: false, signUseToday: false }, today, today)).toBe('paidOnly');
  });

  it('does nothing for an account that already signed in today', () => {
    expect(decideSignUse({ paidUser: true, signUseToday: true }, today, today)).toBe('alreadySigned');
  });

  it('blocks a paid account when the cookie says this browser signed in today with another account', () => {
    expect(decideSignUse({ paidUser: true, signUseToday: false }, today, today)).toBe('otherAccount');
  });

  it('signs in when the cookie is missing or from another day', () => {
    expect(decideSignUse({ paidUser: true, signUseToday: false }, undefined, today)).toBe('go');
    expect(decideSignUse({ paidUser: true, signUseToday: false }, '2026-11-20', today)).toBe('go');
  });
});

describe('applying a sign-in', () => {
  it('marks today signed, adds the traffic and takes the new streak', () => {
    const user = { traffic: 1000, signUseToday: false, haveContinueSignUseData: 29 } as UserInfo;
    expect(applySignUse(user, { addTraffic: 500, haveContinueSignUseData: 0, extraReward: true })).toMatchObject({
      traffic: 1500,
      signUseToday: true,
      haveContinueSignUseData: 0,
    });
  });
});
