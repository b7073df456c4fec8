import { Type, type Static } from '@sinclair/typebox';

/**
 * A second factor for staff (issue 25, docs/second-factor.md): TOTP (RFC 6238) with one-time
 * recovery codes. A code is six digits from the authenticator app, or a recovery code
 * (XXXX-XXXX-XXXX; dashes, spaces and case do not matter).
 */
export const SecondFactorCode = Type.String({ minLength: 6, maxLength: 32 });

/** login_second_factor: the ticket the login answered with (code 1130) and a code. */
export const SecondFactorLoginRequest = Type.Object(
  { ticket: Type.String({ minLength: 1, maxLength: 128 }), code: SecondFactorCode },
  { additionalProperties: false },
);
export type SecondFactorLoginRequest = Static<typeof SecondFactorLoginRequest>;

/** The data of the login's 1130 answer. */
export interface SecondFactorTicket {
  ticket: string;
  /** Seconds the ticket stays valid (300). */
  expiresIn: number;
}

/** Calls that need the current factor: verify (step-up), remove, new recovery codes, a new secret while one is active. */
export const SecondFactorCodeRequest = Type.Object({ code: SecondFactorCode }, { additionalProperties: false });
export type SecondFactorCodeRequest = Static<typeof SecondFactorCodeRequest>;

/** enrol_start: `code` is required only when a factor is already active (changing it). */
export const SecondFactorEnrolStartRequest = Type.Object(
  { code: Type.Optional(SecondFactorCode) },
  { additionalProperties: false },
);
export type SecondFactorEnrolStartRequest = Static<typeof SecondFactorEnrolStartRequest>;

/** An admin resets another staff member's factor (never the owner's). */
export const SecondFactorResetRequest = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type SecondFactorResetRequest = Static<typeof SecondFactorResetRequest>;

/** /api/second_factor/status */
export interface SecondFactorStatus {
  /** Staff (admin, operations or a custom role): only staff enrol. */
  staff: boolean;
  /** A TOTP factor is active. */
  enabled: boolean;
  /** Recovery codes not used yet. */
  recoveryLeft: number;
  /** The staff_second_factor_required setting. */
  required: boolean;
}

/** enrol_start: the new secret, pending until enrol_confirm. */
export interface SecondFactorEnrolment {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** otpauth://totp/… (issuer 云梯加速, the account e-mail). */
  uri: string;
  /** The QR code of `uri` as a data: URL (PNG). */
  qr: string;
}

/** enrol_confirm and recovery_codes: the ten codes, shown once. */
export interface SecondFactorRecoveryCodes {
  recoveryCodes: string[];
}
