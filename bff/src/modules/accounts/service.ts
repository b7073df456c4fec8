import { Codes, DEFAULT_DAILY_LIMIT_BYTES, type UserInfo } from '@portal/contracts';
import { DomainError } from '../../lib/domain-error.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { generatePassword, newObjectId, randomHex } from '../../lib/random.js';
import type { NewSession, SessionsService, SessionUser } from '../sessions/index.js';
import type { AccountsRepository } from './repository.js';

export interface AccountsDeps {
  repo: AccountsRepository;
  sessions: SessionsService;
  passwords: PasswordHasher;
  /** Base URL of subscription links for users without their own. */
  defaultDescribeHost: string;
}

export interface FirstAdminResult {
  status: 'exists' | 'created' | 'email-taken';
  email: string;
  /** Set only when the password was generated here; the caller prints it once. */
  generatedPassword?: string;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountsService({ repo, sessions, passwords, defaultDescribeHost }: AccountsDeps) {
  // Unknown e-mails are verified against this, so they cost the same time as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= passwords.hash(randomHex(16)));

  return {
    async login(
      email: string,
      password: string,
      meta: { ip?: string; userAgent?: string } = {},
    ): Promise<NewSession> {
      const user = await repo.findByEmail(normaliseEmail(email));
      const ok = await passwords.verify(user?.passwordHash ?? (await decoy()), password);
      if (user === undefined || !ok) throw new DomainError(Codes.LOGIN_FAILED);
      // Told apart only after the password proved the caller owns the account.
      if (user.disabled) throw new DomainError(Codes.NOT_ALLOWED);
      return sessions.create(user.id, meta);
    },

    /** Verifies a session token handed over in the address before its cookie is set. */
    async adopt(token: string): Promise<void> {
      if ((await sessions.resolve(token)) === null) throw new DomainError(Codes.SESSION_EXPIRED);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token !== undefined) await sessions.destroy(token);
    },

    userInfo(user: SessionUser): UserInfo {
      return {
        _id: user.id,
        email: user.email,
        icon: user.icon,
        ...(user.type === null ? {} : { type: user.type }),
        userkey: user.userkey,
        traffic: user.traffic,
        spendTraffic: user.spendTraffic,
        vipExpireTime: user.vipExpireTime?.toISOString() ?? null,
        dailyTimePackageUsage: user.dailyTimePackageUsage,
        limit: user.dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES,
        paidUser: user.paidUser,
        preferDomain: user.preferDomain,
        describe_host: user.describeHost ?? defaultDescribeHost,
        channel_code: user.channelCode,
        is_agency_user: user.isAgency,
        inXinjiang: user.inXinjiang,
        in_foreign: user.inForeign,
        use_english_node: user.useEnglishNode,
        haveContinueSignUseData: 0,
        signUseToday: false,
        signUseRewardInfo: { continueSignReward: 0 },
      };
    },

    /**
     * Creates the first admin when there is none. Without a configured password one is generated;
     * there is no default password anywhere.
     */
    async ensureFirstAdmin(admin: { email?: string; password?: string }): Promise<FirstAdminResult> {
      const email = normaliseEmail(admin.email ?? DEFAULT_ADMIN_EMAIL);
      if (await repo.hasAdmin()) return { status: 'exists', email };
      const generatedPassword = admin.password === undefined ? generatePassword() : undefined;
      const created = await repo.insertIfAbsent({
        id: newObjectId(),
        email,
        passwordHash: await passwords.hash(admin.password ?? generatedPassword!),
        type: 'admin',
        userkey: randomHex(16),
        emailConfirmed: true,
      });
      if (!created) {
        // Someone owns the address already (or another instance won the race); never promote silently.
        return { status: (await repo.hasAdmin()) ? 'exists' : 'email-taken', email };
      }
      return generatedPassword === undefined
        ? { status: 'created', email }
        : { status: 'created', email, generatedPassword };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
