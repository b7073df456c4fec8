import { randomBytes } from 'node:crypto';
import {
  Codes,
  type SecondFactorEnrolment,
  type SecondFactorRecoveryCodes,
  type SecondFactorStatus,
  type SecondFactorTicket,
} from '@portal/contracts';
import { secondFactorMessages } from '@portal/contracts/second-factor';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { DomainError } from '../../lib/domain-error.js';
import { newSessionToken, sha256Hex } from '../../lib/random.js';
import type { Sealer } from '../../lib/sealed.js';
import type { MailContent } from '../mail/index.js';
import { factorAddedMail, factorRemovedMail, factorResetMail, recoveryCodesMail } from './mails.js';
import type { PasskeyService, RelyingParty } from './passkeys.js';
import { PENDING_SECRET_TTL_MS, type SecondFactorRepository } from './repository.js';

/** How long a login waits for its second factor (seconds). */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const RECOVERY_CODE_COUNT = 10;
export { PENDING_SECRET_TTL_MS };
/** One period either side of now: a phone clock a little off still works (RFC 6238 §5.2). */
const EPOCH_TOLERANCE_SECONDS = 30;
/** Recovery codes: 12 symbols of 32 (60 bits), shown as XXXX-XXXX-XXXX; no 0/O, 1/I. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The login answer "password right, now the second factor" (code 1130 with `data.ticket`): thrown
 * by the login before any session exists, turned into the answer by the login route.
 */
export class SecondFactorNeeded extends DomainError {
  constructor(readonly data: SecondFactorTicket) {
    super(Codes.SECOND_FACTOR_NEEDED);
  }
}

export interface FactorUser {
  id: string;
  email: string;
}

export interface SecondFactorDeps {
  repo: SecondFactorRepository;
  /** The passkeys (a factor of their own: the login, step-up and the required setting count them). */
  passkeys: PasskeyService;
  /** Mails the staff member; a failed mail is logged by the caller's hook, never fails the change. */
  mail: (to: string, content: MailContent) => Promise<void>;
  /** Seals TOTP secrets in the database under DATA_KEY (lib/sealed.ts). */
  sealer: Sealer;
}

/** What a user's TOTP secret is sealed to: it opens only in that user's row. */
const totpContext = (userId: string) => `totp:${userId}`;

/** A recovery code as typed (dashes, spaces, lower case) in its stored form. */
function normaliseRecovery(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

function newRecoveryCode(): string {
  // 32 divides 256: every symbol is equally likely.
  const symbols = [...randomBytes(12)].map((byte) => RECOVERY_ALPHABET[byte % 32]!).join('');
  return `${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8)}`;
}

const wrong = () => new DomainError(Codes.SECOND_FACTOR_WRONG);

export function createSecondFactorService({ repo, passkeys, mail, sealer }: SecondFactorDeps) {
  /** The time step a code from this secret matches now (±1 period), or undefined. */
  async function matchTotp(secret: string, code: string): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    try {
      const result = await verify({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
      return result.valid && 'timeStep' in result ? result.timeStep : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Checks the current factor: a six-digit code (each time step accepted once: a code seen once is
   * refused for the rest of its window) or a recovery code (deleted as it is used). Throws 1131.
   */
  async function checkCode(userId: string, code: string): Promise<'totp' | 'recovery'> {
    const factor = await repo.factor(userId);
    const totpSecret = factor?.totpSecret ?? null;
    // An account with passkeys only has recovery codes to type (given with its first passkey).
    if (totpSecret === null && (await passkeys.count(userId)) === 0)
      throw new DomainError(Codes.NOT_ALLOWED, '尚未开启两步验证');
    const trimmed = code.trim();
    const step =
      totpSecret === null ? undefined : await matchTotp(sealer.open(totpSecret, totpContext(userId)), trimmed);
    if (step !== undefined) {
      if (await repo.takeTimeStep(userId, step)) return 'totp';
      throw wrong();
    }
    const recovery = normaliseRecovery(trimmed);
    if (/^[A-Z2-9]{12}$/.test(recovery) && (await repo.takeRecoveryCode(userId, sha256Hex(recovery)))) {
      return 'recovery';
    }
    throw wrong();
  }

  /** Uses the login ticket up: one ticket completes one login. */
  async function takeTicket(ticket: string): Promise<void> {
    if (!(await repo.takeChallenge(sha256Hex(ticket)))) throw new DomainError(Codes.SECOND_FACTOR_TICKET_EXPIRED);
  }

  async function newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      userId,
      codes.map((c) => sha256Hex(normaliseRecovery(c))),
    );
    return codes;
  }

  /**
   * Seals the secrets stored before DATA_KEY was set, or under DATA_KEY_PREVIOUS (run at start-up
   * when a key is configured); how many were sealed. Each is replaced only while it is still the
   * value read.
   */
  async function sealStoredSecrets(): Promise<number> {
    if (!sealer.active) return 0;
    let sealed = 0;
    for (const row of await repo.storedSecrets()) {
      for (const column of ['totpSecret', 'pendingSecret'] as const) {
        const stored = row[column];
        // A value under an unknown key is left as it is (its sign-in fails until the key is given).
        const next = stored === null ? undefined : sealer.resealed(stored, totpContext(row.userId));
        if (stored === null || next === undefined) continue;
        await repo.replaceStoredSecret(row.userId, column, stored, next);
        sealed += 1;
      }
    }
    return sealed;
  }

  return {
    sealStoredSecrets,
    checkCode,

    async status(user: FactorUser, staff: boolean, required: boolean): Promise<SecondFactorStatus> {
      const [enabled, recoveryLeft, keys] = await Promise.all([
        repo.hasTotp(user.id),
        repo.recoveryLeft(user.id),
        passkeys.list(user.id),
      ]);
      return { staff, enabled, active: enabled || keys.length > 0, passkeys: keys, recoveryLeft, required };
    },

    /**
     * A new secret, pending until a code from it confirms it. While a factor is active, starting a
     * new one needs its current code (or a recovery code): a stolen session cannot swap the factor.
     * With passkeys only, the session must have proved one within the step-up window (`fresh`).
     */
    async startEnrolment(user: FactorUser, code: string | undefined, fresh: boolean): Promise<SecondFactorEnrolment> {
      if (await repo.hasTotp(user.id)) {
        if (code === undefined || code.trim() === '')
          throw new DomainError(Codes.SECOND_FACTOR_WRONG, '请输入当前的两步验证码');
        await checkCode(user.id, code);
      } else if (!fresh && (await passkeys.count(user.id)) > 0) {
        throw new DomainError(Codes.STEP_UP_REQUIRED);
      }
      const secret = generateSecret();
      await repo.setPending(user.id, sealer.seal(secret, totpContext(user.id)));
      const uri = generateURI({ issuer: secondFactorMessages.issuer, label: user.email, secret });
      const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
      return { secret, uri, qr };
    },

    /**
     * The first code from the pending secret makes it the factor; ten recovery codes, shown once.
     * Only a secret started in the last PENDING_SECRET_TTL_MS, and, on an account with passkeys and
     * no authenticator app, only from a session that proved a passkey within the step-up window
     * (`fresh`), as starting needs: a secret an intruder started on a stolen session before the
     * owner added a passkey cannot be confirmed later to pass the step-up checks.
     */
    async confirmEnrolment(
      user: FactorUser,
      sessionId: string | undefined,
      code: string,
      fresh: boolean,
    ): Promise<SecondFactorRecoveryCodes> {
      const factor = await repo.factor(user.id);
      if (factor?.pendingSecret == null || !factor.pendingFresh)
        throw new DomainError(Codes.NOT_ALLOWED, '请先开始设置两步验证');
      const changed = factor.totpSecret !== null;
      if (!changed && !fresh && (await passkeys.count(user.id)) > 0) throw new DomainError(Codes.STEP_UP_REQUIRED);
      const step = await matchTotp(sealer.open(factor.pendingSecret, totpContext(user.id)), code.trim());
      // The stored (sealed) value: activation only when the pending secret is still this one.
      if (step === undefined || !(await repo.activate(user.id, factor.pendingSecret, step))) throw wrong();
      const recoveryCodes = await newRecoveryCodes(user.id);
      if (sessionId !== undefined) await repo.markChecked(sessionId);
      await mail(user.email, factorAddedMail(changed));
      return { recoveryCodes };
    },

    /** Removes the caller's own TOTP factor: needs its current code (or a recovery code); mailed. */
    async remove(user: FactorUser, code: string): Promise<void> {
      // The authenticator app is what this removes; passkeys go one by one (passkey_remove).
      if (!(await repo.hasTotp(user.id))) throw new DomainError(Codes.NOT_ALLOWED, '尚未开启两步验证');
      await checkCode(user.id, code);
      // With passkeys left, the recovery codes stay: they are the way in when a passkey is lost.
      await repo.remove(user.id, { keepRecoveryCodes: (await passkeys.count(user.id)) > 0 });
      await mail(user.email, factorRemovedMail());
    },

    /**
     * Ten recovery codes for an account whose first factor is a passkey (no TOTP, none left):
     * shown once with the passkey just added. Undefined when the account has them, or TOTP.
     */
    async recoveryCodesForPasskeys(user: FactorUser): Promise<string[] | undefined> {
      if ((await repo.hasTotp(user.id)) || (await repo.recoveryLeft(user.id)) > 0) return undefined;
      return newRecoveryCodes(user.id);
    },

    /** After a passkey is removed: with no factor left, its recovery codes go too. */
    async forgetCodesWithoutFactor(user: FactorUser): Promise<void> {
      if (!(await repo.hasTotp(user.id)) && (await passkeys.count(user.id)) === 0) await repo.remove(user.id);
    },

    /** Ten new recovery codes (the old ones stop working): needs the current code. */
    async regenerateRecoveryCodes(user: FactorUser, code: string): Promise<SecondFactorRecoveryCodes> {
      await checkCode(user.id, code);
      const recoveryCodes = await newRecoveryCodes(user.id);
      await mail(user.email, recoveryCodesMail());
      return { recoveryCodes };
    },

    /**
     * Ten new recovery codes for an account with passkeys only (no code of its own to type): the
     * route has checked a passkey (or a recovery code) on this session within the step-up window.
     * An account with an authenticator app uses regenerateRecoveryCodes with its current code.
     */
    async regenerateRecoveryCodesWithPasskey(user: FactorUser): Promise<SecondFactorRecoveryCodes> {
      if (await repo.hasTotp(user.id)) throw new DomainError(Codes.NOT_ALLOWED, '请输入验证器中的验证码');
      if ((await passkeys.count(user.id)) === 0) throw new DomainError(Codes.NOT_ALLOWED, '尚未开启两步验证');
      const recoveryCodes = await newRecoveryCodes(user.id);
      await mail(user.email, recoveryCodesMail());
      return { recoveryCodes };
    },

    /** Whether the user has a factor (an authenticator app or a passkey). */
    async isActive(userId: string): Promise<boolean> {
      return (await repo.hasTotp(userId)) || (await passkeys.count(userId)) > 0;
    },

    /** Step-up: a code proves the factor again for this session. */
    async verify(user: FactorUser, sessionId: string, code: string): Promise<void> {
      await checkCode(user.id, code);
      await repo.markChecked(sessionId);
    },

    /** An admin clears another staff member's factor and passkeys (the route checks who may); mailed to them. */
    async reset(target: FactorUser): Promise<boolean> {
      const hadTotp = (await repo.factor(target.id)) !== undefined;
      await repo.remove(target.id);
      const had = (await passkeys.removeAll(target.id)) > 0 || hadTotp;
      if (had) await mail(target.email, factorResetMail());
      return had;
    },

    /**
     * The login's gate, after the right password: an account with an active factor (TOTP or
     * passkeys) gets a ticket (5 minutes, stored hashed) instead of a session.
     */
    async challengeIfEnrolled(user: FactorUser, meta: { ip?: string; userAgent?: string }): Promise<void> {
      const [totp, keys] = await Promise.all([repo.hasTotp(user.id), passkeys.count(user.id)]);
      if (!totp && keys === 0) return;
      const ticket = newSessionToken();
      await repo.insertChallenge({
        id: sha256Hex(ticket),
        userId: user.id,
        ttlSeconds: CHALLENGE_TTL_SECONDS,
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      throw new SecondFactorNeeded({ ticket, expiresIn: CHALLENGE_TTL_SECONDS, totp, passkeys: keys > 0 });
    },

    /** The user a ticket waits for (undefined when unknown, expired or the account was disabled). */
    async ticketUser(ticket: string): Promise<FactorUser | undefined> {
      if (ticket.length > 128) return undefined;
      const found = await repo.challenge(sha256Hex(ticket));
      return found === undefined ? undefined : { id: found.userId, email: found.email };
    },

    /** The second step of the login: a code for the ticket's account; the ticket is used up on success. */
    async completeLogin(ticket: string, user: FactorUser, code: string): Promise<void> {
      await checkCode(user.id, code);
      await takeTicket(ticket);
    },

    /** The second step with a passkey: its answer to the ticket's challenge; the ticket is used up on success. */
    async completePasskeyLogin(
      ticket: string,
      user: FactorUser,
      rp: RelyingParty,
      answer: Parameters<PasskeyService['login']>[3],
    ): Promise<void> {
      await passkeys.login(user, sha256Hex(ticket), rp, answer);
      await takeTicket(ticket);
    },

    /** Options for a passkey login of the ticket's account. */
    passkeyLoginOptions: (ticket: string, user: FactorUser, rp: RelyingParty) =>
      passkeys.loginOptions(user, sha256Hex(ticket), rp),

    /** Step-up with a passkey: its answer proves the factor again for this session. */
    async verifyPasskey(
      user: FactorUser,
      sessionId: string,
      rp: RelyingParty,
      answer: Parameters<PasskeyService['check']>[3],
    ): Promise<void> {
      await passkeys.check(user, sessionId, rp, answer);
      await repo.markChecked(sessionId);
    },

    passkeys,

    user: (id: string) => repo.user(id),
    markChecked: (sessionId: string) => repo.markChecked(sessionId),
    guardState: (sessionId: string) => repo.guardState(sessionId),
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
