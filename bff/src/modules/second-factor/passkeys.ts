import { Codes, type PasskeyOptions, type PasskeySummary } from '@portal/contracts';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@portal/contracts/schemas';
import { passkeyMessages as pk, secondFactorMessages } from '@portal/contracts/second-factor';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Static } from '@sinclair/typebox';
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeys, webauthnChallenges } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import type { MailContent } from '../mail/index.js';
import { passkeyAddedMail, passkeyRemovedMail } from './mails.js';
import type { FactorUser } from './service.js';

/** How long the browser has to answer a WebAuthn challenge (seconds): the login ticket's 5 minutes. */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;

/** Where the ceremony happens: the RP id the credential is bound to and the page origins accepted. */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/** What a challenge is for, and what it is bound to: a session (register, check) or a login ticket. */
type Purpose = 'register' | 'login' | 'check';

type RegistrationAnswer = Static<typeof PasskeyRegistrationResponse>;
type AuthenticationAnswer = Static<typeof PasskeyAuthenticationResponse>;

/** Passkey storage (migration 0019); challenge expiry in database time. */
export function createPasskeyRepository(db: Db) {
  const summary = {
    id: passkeys.id,
    name: passkeys.name,
    createdAt: passkeys.createdAt,
    lastUsedAt: passkeys.lastUsedAt,
  };
  return {
    async list(userId: string): Promise<PasskeySummary[]> {
      const rows = await db
        .select(summary)
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    async credentials(userId: string) {
      return db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.userId, userId));
    },

    /** The user's passkey with this credential id (another user's is never found). */
    async byCredential(userId: string, credentialId: string) {
      const [row] = await db
        .select({
          id: passkeys.id,
          credentialId: passkeys.credentialId,
          publicKey: passkeys.publicKey,
          counter: passkeys.counter,
          transports: passkeys.transports,
        })
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
      return row;
    },

    /** False when the credential is registered already (to anyone). */
    async insert(row: {
      userId: string;
      credentialId: string;
      publicKey: Uint8Array;
      counter: number;
      transports: string[];
      name: string;
    }): Promise<PasskeySummary | undefined> {
      const [inserted] = await db
        .insert(passkeys)
        .values({ id: newObjectId(), ...row })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt });
      return inserted === undefined
        ? undefined
        : { id: inserted.id, name: inserted.name, createdAt: inserted.createdAt.toISOString(), lastUsedAt: null };
    },

    /**
     * Takes the authenticator's new signature counter: true only when it grew (or the
     * authenticator keeps none: both zero), in one conditional UPDATE, so an answer counted once
     * is refused the second time.
     */
    async takeCounter(id: string, newCounter: number): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter: newCounter, lastUsedAt: sql`now()` })
        .where(and(eq(passkeys.id, id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
        .returning({ id: passkeys.id });
      return rows.length === 1;
    },

    async remove(userId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .returning({ name: passkeys.name });
      return row?.name;
    },

    async removeAll(userId: string): Promise<number> {
      const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
      await db.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
      return rows.length;
    },

    async insertChallenge(row: { challenge: string; userId: string; purpose: Purpose; binding: string }) {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
      await db.insert(webauthnChallenges).values({
        ...row,
        expiresAt: sql`now() + make_interval(secs => ${WEBAUTHN_CHALLENGE_TTL_SECONDS})`,
      });
    },

    /** Uses a live challenge up: true only for the one call that deleted it, for its user, purpose and binding. */
    async takeChallenge(row: { challenge: string; userId: string; purpose: Purpose; binding: string }) {
      const rows = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.challenge, row.challenge),
            eq(webauthnChallenges.userId, row.userId),
            eq(webauthnChallenges.purpose, row.purpose),
            eq(webauthnChallenges.binding, row.binding),
            gt(webauthnChallenges.expiresAt, sql`now()`),
          ),
        )
        .returning({ challenge: webauthnChallenges.challenge });
      return rows.length === 1;
    },
  };
}

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;

export interface PasskeyDeps {
  repo: PasskeyRepository;
  mail: (to: string, content: MailContent) => Promise<void>;
}

const wrong = (msg?: string) => new DomainError(Codes.SECOND_FACTOR_WRONG, msg);

/** The challenge the browser signed, read from its clientDataJSON (checked again by the library). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 512) {
      return data.challenge;
    }
  } catch {
    // Not JSON: refused below.
  }
  throw wrong(pk.passkeyFailed);
}

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) as a staff second factor: registration bound to the
 * session, authentication for the login's ticket and for step-up. Every challenge is single-use
 * and lives 5 minutes; a refused answer is 1131 (counted in the code failure limit by the routes).
 */
export function createPasskeyService({ repo, mail }: PasskeyDeps) {
  async function authenticationOptions(
    user: FactorUser,
    rp: RelyingParty,
    purpose: Purpose,
    binding: string,
  ): Promise<PasskeyOptions> {
    const credentials = await repo.credentials(user.id);
    if (credentials.length === 0) throw new DomainError(Codes.NOT_ALLOWED, pk.passkeysEmpty);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      allowCredentials: credentials.map((c) => ({
        id: c.credentialId,
        transports: c.transports,
      })),
      userVerification: 'preferred',
      timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
    });
    await repo.insertChallenge({ challenge: options.challenge, userId: user.id, purpose, binding });
    return { optionsJSON: options as unknown as Record<string, unknown> };
  }

  /**
   * Checks an authentication answer: the challenge (taken once, this user's, this purpose and
   * binding), the user's own credential, origin, RP id, signature, and a growing counter.
   */
  async function authenticate(
    user: FactorUser,
    rp: RelyingParty,
    purpose: Purpose,
    binding: string,
    answer: AuthenticationAnswer,
  ): Promise<void> {
    const challenge = signedChallenge(answer.response.clientDataJSON);
    if (!(await repo.takeChallenge({ challenge, userId: user.id, purpose, binding }))) {
      throw wrong(pk.passkeyExpired);
    }
    const passkey = await repo.byCredential(user.id, answer.id);
    if (passkey === undefined) throw wrong(pk.passkeyFailed);
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response: answer as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: false,
      });
      if (!result.verified) throw wrong(pk.passkeyFailed);
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      throw wrong(pk.passkeyFailed);
    }
    if (!(await repo.takeCounter(passkey.id, newCounter))) throw wrong(pk.passkeyFailed);
  }

  return {
    list: (userId: string) => repo.list(userId),
    count: (userId: string) => repo.count(userId),

    /** Options to create a passkey for the caller, bound to their session (the route checked the factor). */
    async registrationOptions(user: FactorUser, sessionId: string, rp: RelyingParty): Promise<PasskeyOptions> {
      const existing = await repo.credentials(user.id);
      const options = await generateRegistrationOptions({
        rpName: secondFactorMessages.issuer,
        rpID: rp.rpID,
        userName: user.email,
        userDisplayName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({
          id: c.credentialId,
          transports: c.transports,
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
      });
      await repo.insertChallenge({
        challenge: options.challenge,
        userId: user.id,
        purpose: 'register',
        binding: sessionId,
      });
      return { optionsJSON: options as unknown as Record<string, unknown> };
    },

    /** Stores the new passkey after checking the browser's answer to this session's challenge; mailed. */
    async register(
      user: FactorUser,
      sessionId: string,
      rp: RelyingParty,
      name: string,
      answer: RegistrationAnswer,
    ): Promise<PasskeySummary> {
      const challenge = signedChallenge(answer.response.clientDataJSON);
      if (!(await repo.takeChallenge({ challenge, userId: user.id, purpose: 'register', binding: sessionId }))) {
        throw wrong(pk.passkeyExpired);
      }
      let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] };
      try {
        const result = await verifyRegistrationResponse({
          response: answer as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
        if (!result.verified || result.registrationInfo === undefined) throw wrong();
        credential = result.registrationInfo.credential;
      } catch {
        throw wrong(pk.passkeyFailed);
      }
      const added = await repo.insert({
        userId: user.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: credential.counter,
        transports: answer.response.transports ?? credential.transports ?? [],
        name: name.trim() || pk.passkeysTitle,
      });
      if (added === undefined) throw new DomainError(Codes.NOT_ALLOWED, pk.passkeyDuplicate);
      await mail(user.email, passkeyAddedMail(added.name));
      return added;
    },

    /** Removes one of the caller's passkeys (the route checked the factor); mailed. */
    async remove(user: FactorUser, id: string): Promise<void> {
      const name = await repo.remove(user.id, id);
      if (name === undefined) throw new DomainError(Codes.NOT_FOUND, pk.passkeyNotFound);
      await mail(user.email, passkeyRemovedMail(name));
    },

    /** Every passkey of a user (an admin's reset); the count removed. */
    removeAll: (userId: string) => repo.removeAll(userId),

    loginOptions: (user: FactorUser, ticketId: string, rp: RelyingParty) =>
      authenticationOptions(user, rp, 'login', ticketId),
    login: (user: FactorUser, ticketId: string, rp: RelyingParty, answer: AuthenticationAnswer) =>
      authenticate(user, rp, 'login', ticketId, answer),
    checkOptions: (user: FactorUser, sessionId: string, rp: RelyingParty) =>
      authenticationOptions(user, rp, 'check', sessionId),
    check: (user: FactorUser, sessionId: string, rp: RelyingParty, answer: AuthenticationAnswer) =>
      authenticate(user, rp, 'check', sessionId, answer),
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
