import {
  Codes,
  DEFAULT_DAILY_LIMIT_BYTES,
  defaultMessages,
  type ResetUserkeyAnswer,
  type UserInfo,
} from '@portal/contracts';
import { DomainError } from '../../lib/domain-error.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { generatePassword, newObjectId, randomHex } from '../../lib/random.js';
import type { NewSession, SessionsService, SessionUser } from '../sessions/index.js';
import type { Staff } from '../staff/access.js';
import type { AccountsRepository } from './repository.js';

export interface AccountsDeps {
  repo: AccountsRepository;
  sessions: SessionsService;
  passwords: PasswordHasher;
  /** Base URL of subscription links when neither the user nor the describe_host setting has one. */
  defaultDescribeHost: string;
  /** The sign-in state user info shows. */
  signUseStatus?: (userId: string) => Promise<{ streak: number; signedToday: boolean }>;
  /** Settings user info reads. */
  userInfoSettings?: () => Promise<{
    describe_host: string;
    continueSignReward: number;
    contentUrl_guonei: string;
    contentUrl_guowai: string;
  }>;
  /**
   * After the right password: throws SecondFactorNeeded (modules/second-factor) for an account with
   * an active second factor, so that no session is made before the code.
   */
  secondFactorGate?: (user: { id: string; email: string }, meta: { ip?: string; userAgent?: string }) => Promise<void>;
  /** Mails a new confirmation link to an unconfirmed account; true when one was sent. */
  resendConfirmation?: (userId: string, email: string, linkBase: string) => Promise<boolean>;
}

export interface FirstAdminResult {
  status: 'exists' | 'created' | 'email-taken';
  email: string;
  /** Set only when the password was generated here; the caller prints it once. */
  generatedPassword?: string;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** The spec's `type` of a staff member in a built-in role (the UI of the spec keys on it); undefined otherwise. */
function staffType(staff: Staff | null): { type: 'admin' | 'yunying' } | undefined {
  if (staff?.roleId === 'admin' || staff?.roleId === 'yunying') return { type: staff.roleId };
  return undefined;
}

export interface SeedUser {
  email: string;
  password: string;
  type?: SessionUser['type'];
  paidUser?: boolean;
  traffic?: number;
  vipExpireTime?: Date | null;
  isAgency?: boolean;
  canChangePassword?: boolean;
  canChangeDescribeKey?: boolean;
  /** The inviter's code (channels.code). */
  channelCode?: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const noSignUse = async () => ({ streak: 0, signedToday: false });

export function createAccountsService({
  repo,
  sessions,
  passwords,
  defaultDescribeHost,
  signUseStatus = noSignUse,
  userInfoSettings = async () => ({
    describe_host: '',
    continueSignReward: 0,
    contentUrl_guonei: '',
    contentUrl_guowai: '',
  }),
  resendConfirmation,
  secondFactorGate,
}: AccountsDeps) {
  // Unknown e-mails are verified against this, so they cost the same time as a wrong password.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= passwords.hash(randomHex(16)));

  return {
    async login(
      email: string,
      password: string,
      meta: { ip?: string; userAgent?: string; linkBase?: string } = {},
    ): Promise<NewSession> {
      const user = await repo.findByEmail(normaliseEmail(email));
      const ok = await passwords.verify(user?.passwordHash ?? (await decoy()), password);
      if (user === undefined || !ok) throw new DomainError(Codes.LOGIN_FAILED);
      // Told apart only after the password proved the caller owns the account.
      if (user.disabled) throw new DomainError(Codes.NOT_ALLOWED);
      if (!user.emailConfirmed) {
        const base = defaultMessages[Codes.EMAIL_NOT_CONFIRMED] ?? '';
        const resent =
          resendConfirmation !== undefined && meta.linkBase !== undefined
            ? await resendConfirmation(user.id, user.email, meta.linkBase)
            : false;
        throw new DomainError(Codes.EMAIL_NOT_CONFIRMED, resent ? `${base}（已重新发送验证邮件）` : base);
      }
      await secondFactorGate?.(user, { ip: meta.ip, userAgent: meta.userAgent });
      return sessions.create(user.id, { ip: meta.ip, userAgent: meta.userAgent });
    },

    /**
     * Verifies a session token handed over in the address before its cookie is set. A browser
     * signed in to another account keeps it (4003): a link carrying someone else's token must not
     * silently move a signed-in user into that account, where what they pay and write would land.
     */
    async adopt(token: string, currentUserId: string | undefined): Promise<void> {
      const adopted = await sessions.resolve(token);
      if (adopted === null) throw new DomainError(Codes.SESSION_EXPIRED);
      if (currentUserId !== undefined && adopted.id !== currentUserId) throw new DomainError(Codes.FORBIDDEN);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token !== undefined) await sessions.destroy(token);
    },

    /** `staff`: the caller's place in the back office (request.staff); the spec's `type` says admin/yunying for those roles. */
    async userInfo(user: SessionUser, staff: Staff | null = null): Promise<UserInfo> {
      const [signUse, settings, pendingEmail] = await Promise.all([
        signUseStatus(user.id),
        userInfoSettings(),
        repo.pendingEmail(user.id),
      ]);
      return {
        _id: user.id,
        email: user.email,
        icon: user.icon,
        ...(staffType(staff) ?? (user.type === null ? {} : { type: user.type })),
        userkey: user.userkey,
        traffic: user.traffic,
        spendTraffic: user.spendTraffic,
        vipExpireTime: user.vipExpireTime?.toISOString() ?? null,
        dailyTimePackageUsage: user.dailyTimePackageUsage,
        limit: user.dailyLimit ?? DEFAULT_DAILY_LIMIT_BYTES,
        paidUser: user.paidUser,
        preferDomain: user.preferDomain,
        describe_host: user.describeHost ?? (settings.describe_host.replace(/\/+$/, '') || defaultDescribeHost),
        content_host: (user.inForeign ? settings.contentUrl_guowai : settings.contentUrl_guonei).replace(/\/+$/, ''),
        channel_code: user.channelCode,
        is_agency_user: user.isAgency,
        inXinjiang: user.inXinjiang,
        in_foreign: user.inForeign,
        use_english_node: user.useEnglishNode,
        haveContinueSignUseData: signUse.streak,
        signUseToday: signUse.signedToday,
        signUseRewardInfo: { continueSignReward: settings.continueSignReward },
        telegram_bound: user.telegramId !== null,
        telegram_name: user.telegramName,
        pending_email: pendingEmail,
        staff:
          staff === null
            ? null
            : { role: staff.roleId, roleName: staff.roleName, owner: staff.owner, permissions: [...staff.permissions] },
      };
    },

    /**
     * The account a subscription link names (id and current key), for the subscription endpoint;
     * undefined for an unknown id, a wrong or empty key alike.
     */
    async findByIdAndKey(id: string, userkey: string): Promise<SessionUser | undefined> {
      const user = await repo.findByIdAndKey(id, userkey);
      if (user === undefined) return undefined;
      const { passwordHash: _passwordHash, ...rest } = user;
      return rest;
    },

    /** A new subscription key (128 random bits); the old links stop working at once. */
    async resetUserkey(userId: string): Promise<ResetUserkeyAnswer> {
      const userkey = randomHex(16);
      if (!(await repo.replaceUserkey(userId, userkey))) throw new DomainError(Codes.NOT_ALLOWED);
      return { userkey };
    },

    /** A confirmed account created outside sign-up (seed data): its id, or undefined when the e-mail is taken. */
    async createConfirmed(input: SeedUser): Promise<string | undefined> {
      const id = newObjectId();
      const created = await repo.insertIfAbsent({
        id,
        email: normaliseEmail(input.email),
        passwordHash: await passwords.hash(input.password),
        // Staff are appointed in staff_members; users.type keeps only the spec's normal/channel.
        type: input.type === undefined || input.type === 'admin' || input.type === 'yunying' ? 'normal' : input.type,
        userkey: randomHex(16),
        emailConfirmed: true,
        paidUser: input.paidUser ?? false,
        traffic: input.traffic ?? 0,
        vipExpireTime: input.vipExpireTime ?? null,
        isAgency: input.isAgency ?? false,
        canChangePassword: input.canChangePassword ?? true,
        canChangeDescribeKey: input.canChangeDescribeKey ?? true,
        channelCode: input.channelCode ?? '',
      });
      if (created && (input.type === 'admin' || input.type === 'yunying')) await repo.appoint(id, input.type);
      return created ? id : undefined;
    },

    /** The id of the account with this e-mail (seed data naming users by e-mail). */
    async idOfEmail(email: string): Promise<string | undefined> {
      return (await repo.findByEmail(normaliseEmail(email)))?.id;
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
        type: 'normal',
        userkey: randomHex(16),
        emailConfirmed: true,
      });
      if (created) await repo.appoint((await repo.findByEmail(email))!.id, 'admin');
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
