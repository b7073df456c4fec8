import { Type, type Static } from '@sinclair/typebox';
import { PASSKEY_NAME_MAX } from '../second-factor.js';

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
  /** The account has a TOTP factor (a code or a recovery code is accepted). */
  totp: boolean;
  /** The account has passkeys (login_passkey_options / login_passkey). */
  passkeys: boolean;
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

/** A registered passkey, as its owner sees it in the list. */
export interface PasskeySummary {
  id: string;
  /** The name the user gave it (例如 “办公室电脑”). */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * /api/second_factor/passkey_register: the passkey added and, when it is the account's first
 * factor (no TOTP, no recovery codes yet), ten recovery codes shown once: without them a staff
 * member whose only passkey is lost could not sign in (and nobody may reset the owner's factor).
 */
export interface PasskeyAdded extends PasskeySummary {
  recoveryCodes?: string[];
}

/** /api/second_factor/status */
export interface SecondFactorStatus {
  /** Staff (admin, operations or a custom role): only staff enrol. */
  staff: boolean;
  /** A TOTP factor is active. */
  enabled: boolean;
  /** Any factor is active (TOTP or at least one passkey): the login and step-up ask for it. */
  active: boolean;
  /** The passkeys, oldest first. */
  passkeys: PasskeySummary[];
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

/**
 * Passkeys (WebAuthn, issue 25). The browser's answers (@simplewebauthn/browser's
 * startRegistration / startAuthentication) travel as they are; the server checks them
 * (@simplewebauthn/server). Their inner objects are the browser's and may grow new fields.
 */
const B64Url = Type.String({ minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9_-]+={0,2}$' });
const LongB64Url = Type.String({ minLength: 1, maxLength: 65536, pattern: '^[A-Za-z0-9_-]+={0,2}$' });
const Attachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]));
const Transports = Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 });
const ExtensionResults = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown());

/** startRegistration()'s answer. */
export const PasskeyRegistrationResponse = Type.Object({
  id: B64Url,
  rawId: B64Url,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
  response: Type.Object({
    clientDataJSON: LongB64Url,
    attestationObject: LongB64Url,
    authenticatorData: Type.Optional(LongB64Url),
    transports: Type.Optional(Transports),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(LongB64Url),
  }),
});

/** startAuthentication()'s answer. */
export const PasskeyAuthenticationResponse = Type.Object({
  id: B64Url,
  rawId: B64Url,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: ExtensionResults,
  response: Type.Object({
    clientDataJSON: LongB64Url,
    authenticatorData: LongB64Url,
    signature: LongB64Url,
    userHandle: Type.Optional(Type.String({ maxLength: 4096 })),
  }),
});

/** passkey_register_options and passkey_options (step-up): nothing, and nothing else. */
export const PasskeyOptionsRequest = Type.Object({}, { additionalProperties: false });
export type PasskeyOptionsRequest = Static<typeof PasskeyOptionsRequest>;

/** passkey_register: the browser's answer and the name the user gave the passkey. */
export const PasskeyRegisterRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: PASSKEY_NAME_MAX }),
    response: PasskeyRegistrationResponse,
  },
  { additionalProperties: false },
);
export type PasskeyRegisterRequest = Static<typeof PasskeyRegisterRequest>;

/** The add-passkey form: the name the call will carry. */
export const PasskeyNameForm = Type.Pick(PasskeyRegisterRequest, ['name']);
export type PasskeyNameForm = Static<typeof PasskeyNameForm>;

/** verify_passkey (step-up): the browser's answer. */
export const PasskeyVerifyRequest = Type.Object(
  { response: PasskeyAuthenticationResponse },
  { additionalProperties: false },
);
export type PasskeyVerifyRequest = Static<typeof PasskeyVerifyRequest>;

/** login_passkey_options: the ticket of the login's 1130 answer. */
export const PasskeyLoginOptionsRequest = Type.Object(
  { ticket: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
export type PasskeyLoginOptionsRequest = Static<typeof PasskeyLoginOptionsRequest>;

/** login_passkey: the ticket and the browser's answer. */
export const PasskeyLoginRequest = Type.Object(
  { ticket: Type.String({ minLength: 1, maxLength: 128 }), response: PasskeyAuthenticationResponse },
  { additionalProperties: false },
);
export type PasskeyLoginRequest = Static<typeof PasskeyLoginRequest>;

/** passkey_remove: which one. */
export const PasskeyRemoveRequest = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type PasskeyRemoveRequest = Static<typeof PasskeyRemoveRequest>;

/**
 * The options for the browser (startRegistration / startAuthentication `optionsJSON`), as
 * @simplewebauthn/server made them: opaque to the contracts.
 */
export interface PasskeyOptions {
  optionsJSON: Record<string, unknown>;
}
