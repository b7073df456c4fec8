import { cookieNames, GiB, type UserInfo } from '@portal/contracts';
import { removeCookie, setCookie, useSession } from '@portal/platform';
import { demoUser, setStoryPortal } from '@portal/storybook/fixtures';
import { resetDailyDecisions } from '../features/dashboard/hooks/use-first-visit-today';
import { dailyCookieName } from '../features/dashboard/lib/daily-visit';
import { PURCHASE_MODAL } from '../features/dashboard/components/purchase-modal';
import { PREFER_DOMAIN_CHECK } from '../features/dashboard/hooks/use-preferred-domain';
import { todayString } from '../lib/time';

/** Shared set-up of the mf-user stories: users, portal config and a clean browser state. */
export { demoUser };
const DAY_MS = 24 * 60 * 60 * 1000;

export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

export const paidUserWithTimePackage = (overrides: Partial<UserInfo> = {}) =>
  demoUser({ vipExpireTime: daysFromNow(29.6), dailyTimePackageUsage: 18.3 * GiB, ...overrides });

export const freeUser = (overrides: Partial<UserInfo> = {}) =>
  demoUser({ email: 'free@example.com', paidUser: false, traffic: 2 * GiB, spendTraffic: 0.75 * GiB, ...overrides });

/** Portal mode of a story (every story sets it: the store outlives one story). */
export const setPortal = setStoryPortal;

/** Forget cookies and per-session decisions that one story could leave for the next. */
export function cleanBrowserState(): void {
  for (const name of [cookieNames.platform, cookieNames.lastSignUseTime, cookieNames.token, cookieNames.lastRegister]) {
    removeCookie(name);
  }
  resetDailyDecisions();
}

/** Marks today's purchase modal and domain check as done for this user, so they stay closed. */
export function skipDailyDialogs(user: Pick<UserInfo, '_id'>): void {
  for (const purpose of [PURCHASE_MODAL, PREFER_DOMAIN_CHECK])
    setCookie(dailyCookieName(purpose, user._id), todayString(), 1);
}

/** The usual loader: clean state, portal mode, and the given user (or a visitor). */
export function prepare(user: UserInfo | null, options: { agency?: boolean; dailyDialogs?: boolean } = {}): void {
  cleanBrowserState();
  setPortal(options);
  if (user && options.dailyDialogs) {
    for (const purpose of [PURCHASE_MODAL, PREFER_DOMAIN_CHECK]) removeCookie(dailyCookieName(purpose, user._id));
  } else if (user) {
    skipDailyDialogs(user);
  }
  useSession.getState().setUser(user);
}

/**
 * A story's set-up for a session whose user could not be loaded: no user, and the session marker
 * (short-lived, and removed after the story, so it cannot leak into the next one).
 */
export const userLoadFailed = {
  loaders: [
    () => {
      prepare(null);
      document.cookie = `${cookieNames.token}=1; max-age=20; path=/`;
    },
  ],
  beforeEach: () => () => {
    document.cookie = `${cookieNames.token}=; max-age=0; path=/`;
  },
};

export { expectShown, expectToast } from '@portal/storybook/story-kit';
