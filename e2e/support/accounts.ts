// Accounts for the tests: every test registers its own user, confirmed through the mailed link.
import { expect, type APIRequestContext } from '@playwright/test';
import { api, type ApiOptions } from './session';
import { confirmQuery, waitForLink } from './mail';
import { e2eEnv } from './env';

let counter = 0;

/** A fresh address for one test's user: `<tag>-<time>-<n>@e2e.test`. */
export function uniqueEmail(tag = 'u'): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}@e2e.test`.toLowerCase();
}

export const TEST_PASSWORD = 'e2e-password-1';

/** The seeded users (e2e/support/seed.json). */
export const seeded = {
  paid: { email: 'paid@e2e.test', password: 'paid-password-1' },
  locked: { email: 'locked@e2e.test', password: 'locked-password-1' },
  /** Wallets of 30, 100 and 20 yuan (the shop's wallet tests; each test reads the balance it starts from). */
  walletPartial: { email: 'wallet-partial@e2e.test', password: 'wallet-password-1' },
  walletFull: { email: 'wallet-full@e2e.test', password: 'wallet-password-1' },
  /** The same 100-yuan wallet for the retry of the test that spends walletFull (CI retries once). */
  walletFullRetry: { email: 'wallet-full-retry@e2e.test', password: 'wallet-password-1' },
  walletCancel: { email: 'wallet-cancel@e2e.test', password: 'wallet-password-1' },
  /** 600 yuan (over the default 500 minimum) for /wallet's withdrawal, and the same for its retry. */
  walletWithdraw: { email: 'wallet-withdraw@e2e.test', password: 'wallet-password-1' },
  walletWithdrawRetry: { email: 'wallet-withdraw-retry@e2e.test', password: 'wallet-password-1' },
  /** 50 yuan of withdrawable money (an invite rebate) beside whatever shop credit tests add. */
  walletSplit: { email: 'wallet-split@e2e.test', password: 'wallet-password-1' },
  /** Operations staff (type yunying): the coupon, coupon-record and prize screens only. */
  yunying: { email: 'yunying@e2e.test', password: 'yunying-password-1' },
  /** A plain signed-in user (type normal). */
  normal: { email: 'normal@e2e.test', password: 'normal-password-1' },
  /** 30 G of permanent traffic for /push's gift (and the same for its retry). */
  pushSender: { email: 'push-sender@e2e.test', password: 'push-password-1' },
  pushSenderRetry: { email: 'push-sender-retry@e2e.test', password: 'push-password-1' },
  /** A paid user with 5 G of permanent traffic for /lottery's draw (and the same for its retry). */
  lottery: { email: 'lottery@e2e.test', password: 'lottery-password-1' },
  lotteryRetry: { email: 'lottery-retry@e2e.test', password: 'lottery-password-1' },
} as const;

export interface TestUser {
  email: string;
  password: string;
}

/** POST user/signup as the register page does (with a channel_code cookie when given). */
export async function signUp(
  request: APIRequestContext,
  email: string,
  password = TEST_PASSWORD,
  { channelCode, ...options }: ApiOptions & { channelCode?: string } = {},
) {
  return api(
    request,
    'user/signup',
    { email, password, icon_url: '/logo.png', host: new URL(options.base ?? e2eEnv.baseUrl).host },
    { ...options, ...(channelCode === undefined ? {} : { cookie: `channel_code=${channelCode}` }) },
  );
}

/** GETs a confirmation link's API call (signup_confirm or change_password) and returns its Code. */
export async function followConfirmLink(request: APIRequestContext, link: string): Promise<number> {
  const { serial_id, key, action } = confirmQuery(link);
  const path = action === 'change_password' ? 'change_password' : 'signup_confirm';
  const response = await request.get(`${e2eEnv.baseUrl}/api/account/${path}`, { params: { serial_id, key } });
  return ((await response.json()) as { Code: number }).Code;
}

/** Registers and confirms a new user through the API and the mailed link. */
export async function createUser(request: APIRequestContext, tag = 'u'): Promise<TestUser> {
  const email = uniqueEmail(tag);
  const signup = await signUp(request, email);
  expect(signup.code, signup.msg).toBe(0);
  expect(await followConfirmLink(request, await waitForLink(email, 'signup_confirm'))).toBe(0);
  return { email, password: TEST_PASSWORD };
}
