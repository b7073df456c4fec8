import type { Notify } from '../notifications/index.js';
import { Codes, FIRST_URL_MAX, PASSWORD_MIN_LENGTH, ResetRefusals, messages } from '@portal/contracts';
import { DomainError } from '../../lib/domain-error.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { newLinkKey, newObjectId, randomHex, sha256Hex } from '../../lib/random.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import {
  emailChangeMail,
  emailChangedNoticeMail,
  passwordChangeMail,
  signupConfirmMail,
  type MailContent,
} from '../mail/templates.js';
import type { SessionsService } from '../sessions/index.js';
import type { AccountsRepository, TokenPurpose } from './repository.js';
import type { EmailToken } from '../../db/schema.js';
import { normaliseEmail } from './service.js';
import { parseSubscriptionLink } from './subscription-link.js';

export const CONFIRM_LINK_TTL_HOURS = 24;
/**
 * How long a confirmed link answers success again, without acting twice: its first answer may
 * have been lost on the way (the page asks again), or the link is opened a second time.
 */
export const CONFIRM_REPEAT_MS = 60 * 60 * 1000;
/** An unconfirmed account that logs in gets a new confirmation mail at most this often. */
export const CONFIRM_RESEND_INTERVAL_MS = 10 * 60 * 1000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ICON_PATTERN = /^(\/|https?:\/\/)[^\s"'<>]*$/;
const CHANNEL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
}

export interface RegistrationDeps {
  repo: AccountsRepository;
  passwords: PasswordHasher;
  sessions: SessionsService;
  mail: Mailer;
  /** Told when a mail could not be sent (the caller gets a clear error either way). */
  onMailFailure?: (error: unknown, to: string) => void;
  /** The outbox (modules/notifications): user.registered once the address is confirmed. */
  notify?: Notify;
  now?: () => Date;
}

/** The first page's address as the cookie brought it: at most FIRST_URL_MAX printable characters. */
function firstUrlOf(value: string | undefined): string | null {
  if (value === undefined) return null;
  // eslint-disable-next-line no-control-regex
  const printable = value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, FIRST_URL_MAX);
  return printable === '' ? null : printable;
}

export interface SignupInput {
  email: string;
  password: string;
  iconUrl?: string;
  /** The inviter's code (the channel_code cookie). */
  channelCode?: string;
  /** The address of the visitor's first page (the first_url cookie), kept for the back office. */
  firstUrl?: string;
  /** Invite-only mode (the inviteRule setting): refused (1114) unless channelCode is an existing user's code. */
  inviteOnly?: boolean;
  /** Where the portal lives: the confirmation link starts with it. */
  linkBase: string;
}

/** The e-mail and password rules of spec-1 §5, checked by the server too. */
export function checkCredentials(email: string, password: string): void {
  if (!EMAIL_PATTERN.test(email)) throw new DomainError(Codes.INVALID_PAYLOAD, messages.register.emailInvalid);
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new DomainError(Codes.INVALID_PAYLOAD, messages.register.passwordTooShort);
  }
}

const refuseLink = (msg: string) => new DomainError(Codes.DESCRIBE_URL_REFUSED, msg);

/**
 * Sign-up with e-mail confirmation, and the password reset that proves ownership with the
 * subscription link and takes effect only when the mailed link is confirmed. Mailed keys are
 * 256-bit, stored as sha256, single use, valid for CONFIRM_LINK_TTL_HOURS.
 */
export function createRegistrationService({
  repo,
  passwords,
  sessions,
  mail,
  onMailFailure,
  notify = async () => undefined,
  now = () => new Date(),
}: RegistrationDeps) {
  /**
   * Takes the link's token (single use); 'repeat' when this very link was confirmed within
   * CONFIRM_REPEAT_MS (the caller answers success and does nothing); otherwise 1102 (invalid or expired).
   */
  async function takeToken(
    r: AccountsRepository,
    serialId: string,
    key: string,
    purpose: TokenPurpose,
  ): Promise<EmailToken | 'repeat'> {
    const keyHash = sha256Hex(key);
    const token = await r.consumeToken(serialId, keyHash, purpose);
    if (token !== undefined) return token;
    if (await r.confirmedRecently(serialId, keyHash, purpose, CONFIRM_REPEAT_MS)) return 'repeat';
    throw new DomainError(Codes.CONFIRM_LINK_INVALID);
  }

  async function issueToken(
    r: AccountsRepository,
    userId: string,
    purpose: TokenPurpose,
    linkBase: string,
    pending: { passwordHash?: string; email?: string } = {},
  ): Promise<string> {
    const id = newObjectId();
    const key = newLinkKey();
    await r.insertToken({
      id,
      userId,
      purpose,
      keyHash: sha256Hex(key),
      pendingPasswordHash: pending.passwordHash ?? null,
      pendingEmail: pending.email ?? null,
      expiresAt: new Date(now().getTime() + CONFIRM_LINK_TTL_HOURS * 3600_000),
    });
    return `${linkBase}/#/confirm?serial_id=${id}&key=${key}&action=${purpose}`;
  }

  async function sendOrFail(to: string, content: MailContent): Promise<void> {
    try {
      await mail.send(to, content);
    } catch (error) {
      onMailFailure?.(error, to);
      throw new DomainError(Codes.UNAVAILABLE, '邮件发送失败，请稍后再试');
    }
  }

  async function accountOfLink(describUrl: string) {
    const ref = parseSubscriptionLink(describUrl);
    const user = ref === undefined ? undefined : await repo.findByIdAndKey(ref.userId, ref.userkey);
    // A malformed link, an unknown user and a wrong key all read the same.
    if (user === undefined) throw refuseLink(ResetRefusals.describeUrlError);
    return user;
  }

  return {
    async signup(input: SignupInput): Promise<void> {
      const email = normaliseEmail(input.email);
      checkCredentials(email, input.password);
      const channelCode =
        input.channelCode !== undefined && CHANNEL_CODE_PATTERN.test(input.channelCode) ? input.channelCode : '';
      // The default code every visitor gets (WJKCNOCODE) belongs to nobody, so it is no invite.
      if (input.inviteOnly === true && (channelCode === '' || !(await repo.isInviterCode(channelCode)))) {
        throw new DomainError(Codes.INVITE_REQUIRED, messages.register.inviteRequired);
      }
      const registered = () => new DomainError(Codes.EMAIL_REGISTERED, messages.register.emailRegistered);
      if ((await repo.findByEmail(email))?.emailConfirmed === true) throw registered();
      const icon = input.iconUrl !== undefined && ICON_PATTERN.test(input.iconUrl) ? input.iconUrl : '';
      const account = {
        email,
        passwordHash: await passwords.hash(input.password),
        userkey: randomHex(16),
        icon,
        channelCode,
        firstUrl: firstUrlOf(input.firstUrl),
      };
      const { userId, link } = await repo.transaction(async (r) => {
        const id = newObjectId();
        if (await r.insertIfAbsent({ id, type: null, ...account })) {
          return { userId: id, link: await issueToken(r, id, 'signup_confirm', input.linkBase) };
        }
        // The address is taken. Only a confirmed account owns it for good: a sign-up never
        // confirmed (a typo, someone else's try) is replaced once its link has run out, so nobody
        // holds an address they cannot read; while the link lives, 1001 as before.
        const pendingId = await r.replaceUnconfirmed(account);
        if (pendingId === undefined) throw registered();
        return { userId: pendingId, link: await issueToken(r, pendingId, 'signup_confirm', input.linkBase) };
      });
      try {
        await sendOrFail(email, signupConfirmMail(link, CONFIRM_LINK_TTL_HOURS));
      } catch (error) {
        // Without the mail the account could never be confirmed; let the person sign up again.
        await repo.deleteUnconfirmed(userId);
        throw error;
      }
    },

    /**
     * An unconfirmed account proved its password at login: mail a fresh link unless one went out
     * recently. Returns whether a mail was sent.
     */
    async resendSignupConfirmation(userId: string, email: string, linkBase: string): Promise<boolean> {
      const last = await repo.latestTokenAt(userId, 'signup_confirm');
      if (last !== undefined && now().getTime() - last.getTime() < CONFIRM_RESEND_INTERVAL_MS) return false;
      const link = await repo.transaction(async (r) => {
        await r.retireTokens(userId, 'signup_confirm');
        return issueToken(r, userId, 'signup_confirm', linkBase);
      });
      await sendOrFail(email, signupConfirmMail(link, CONFIRM_LINK_TTL_HOURS));
      return true;
    },

    async confirmSignup(serialId: string, key: string): Promise<void> {
      await repo.transaction(async (r) => {
        const token = await takeToken(r, serialId, key, 'signup_confirm');
        if (token === 'repeat') return;
        await r.confirmEmail(token.userId);
        // A registration is an account whose address is confirmed (an unconfirmed one may never be).
        const user = await r.findById(token.userId);
        if (user !== undefined) {
          await notify({
            event: 'user.registered',
            data: { userId: user.id, email: user.email, inviterCode: user.channelCode },
            dedupeKey: `user.registered:${user.id}`,
          });
        }
      });
    },

    /** Applies the pending password, then ends every session of the account. */
    async confirmPasswordChange(serialId: string, key: string): Promise<void> {
      const userId = await repo.transaction(async (r) => {
        const token = await takeToken(r, serialId, key, 'change_password');
        // A repeat ends no session: the user may have signed in with the new password since.
        if (token === 'repeat') return undefined;
        if (token.pendingPasswordHash === null) throw new DomainError(Codes.CONFIRM_LINK_INVALID);
        if (!(await r.setPassword(token.userId, token.pendingPasswordHash))) throw new DomainError(Codes.NOT_ALLOWED);
        return token.userId;
      });
      if (userId !== undefined) await sessions.destroyAllForUser(userId);
    },

    async resetPassword(input: {
      email: string;
      password: string;
      describUrl: string;
      linkBase: string;
    }): Promise<void> {
      const email = normaliseEmail(input.email);
      checkCredentials(email, input.password);
      const user = await accountOfLink(input.describUrl);
      if (user.email !== email) throw refuseLink(ResetRefusals.userNotExist);
      if (!user.canChangePassword || user.disabled) throw new DomainError(Codes.NOT_ALLOWED);
      const pendingPasswordHash = await passwords.hash(input.password);
      const link = await repo.transaction(async (r) => {
        // Only the newest request can be confirmed.
        await r.retireTokens(user.id, 'change_password');
        return issueToken(r, user.id, 'change_password', input.linkBase, { passwordHash: pendingPasswordHash });
      });
      await sendOrFail(user.email, passwordChangeMail(link, CONFIRM_LINK_TTL_HOURS));
    },

    /**
     * A signed-in user asks for a new e-mail address: nothing changes yet; a link goes to the new
     * address (only the newest request can be confirmed) and the change applies when it is opened.
     * The address must be well formed and free (1001), and the account allowed to change its
     * credentials (1033, like a password change). If the mail cannot be sent the request is
     * withdrawn. Returns the normalised address; undefined when it is the current one.
     */
    async requestEmailChange(input: { userId: string; email: string; linkBase: string }): Promise<string | undefined> {
      const email = normaliseEmail(input.email);
      const user = await repo.findById(input.userId);
      if (user === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      if (email === user.email) return undefined;
      if (!EMAIL_PATTERN.test(email)) throw new DomainError(Codes.INVALID_PAYLOAD, messages.register.emailInvalid);
      if (!user.canChangePassword || user.disabled) throw new DomainError(Codes.NOT_ALLOWED);
      if ((await repo.findByEmail(email)) !== undefined) {
        throw new DomainError(Codes.EMAIL_REGISTERED, messages.register.emailRegistered);
      }
      const link = await repo.transaction(async (r) => {
        await r.retireTokens(user.id, 'change_email');
        return issueToken(r, user.id, 'change_email', input.linkBase, { email });
      });
      try {
        await sendOrFail(email, emailChangeMail(link, CONFIRM_LINK_TTL_HOURS));
      } catch (error) {
        await repo.retireTokens(user.id, 'change_email');
        throw error;
      }
      return email;
    },

    /**
     * Applies a confirmed e-mail change; 1001 when the address was taken meanwhile (the link stays
     * usable). Then every other session of the account ends (the one that opened the link, if it
     * is the account's, stays) and the old address is told.
     */
    async confirmEmailChange(serialId: string, key: string, keepSessionToken?: string): Promise<void> {
      const changed = await repo.transaction(async (r) => {
        const token = await takeToken(r, serialId, key, 'change_email');
        if (token === 'repeat') return undefined;
        if (token.pendingEmail === null) throw new DomainError(Codes.CONFIRM_LINK_INVALID);
        const taken = () => new DomainError(Codes.EMAIL_REGISTERED, messages.register.emailRegistered);
        const owner = await r.findByEmail(token.pendingEmail);
        if (owner !== undefined) {
          if (owner.id === token.userId) return undefined;
          throw taken();
        }
        const before = await r.findById(token.userId);
        try {
          if (!(await r.setEmail(token.userId, token.pendingEmail))) throw new DomainError(Codes.NOT_ALLOWED);
        } catch (error) {
          // Someone signed up with the address between the check and the write.
          if (isUniqueViolation(error)) throw taken();
          throw error;
        }
        return { userId: token.userId, oldEmail: before?.email, newEmail: token.pendingEmail };
      });
      if (changed === undefined) return;
      const { userId, oldEmail, newEmail } = changed;
      await sessions.destroyAllForUser(userId, keepSessionToken);
      if (oldEmail === undefined) return;
      // The change is made: a mail that cannot be sent is logged, not turned into a failure.
      await mail
        .send(oldEmail, emailChangedNoticeMail(newEmail))
        .catch((error: unknown) => onMailFailure?.(error, oldEmail));
    },

    async emailOfLink(describUrl: string): Promise<string> {
      return (await accountOfLink(describUrl)).email;
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
