import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MIN_LENGTH, SUBSCRIPTION_LINK_MIN_LENGTH } from '../constants.js';

const Email = Type.String({ minLength: 1, maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 256 });
/** A subscription link as pasted by a user (spec-1 §5: at least 8 characters). */
const DescribeUrl = Type.String({ minLength: SUBSCRIPTION_LINK_MIN_LENGTH, maxLength: 2048 });

/** POST /api/user/signup (spec-1 §3 signup payload). */
export const SignupRequest = Type.Object({
  email: Email,
  password: Password,
  icon_url: Type.Optional(Type.String({ maxLength: 512 })),
  host: Type.Optional(Type.String({ maxLength: 253 })),
});
export type SignupRequest = Static<typeof SignupRequest>;

/**
 * GET /api/account/signup_confirm and /api/account/change_password query. The answer is plain JSON
 * (not the envelope): {Code: 0} on success, {Code: <code>, Msg} otherwise.
 */
export const ConfirmQuery = Type.Object({
  serial_id: Type.String({ minLength: 1, maxLength: 64 }),
  key: Type.String({ minLength: 1, maxLength: 128 }),
});
export type ConfirmQuery = Static<typeof ConfirmQuery>;
export interface ConfirmAnswer {
  Code: number;
  Msg?: string;
}

/** POST /api/user/reset_password: takes effect after the e-mailed change_password confirmation. */
export const ResetPasswordRequest = Type.Object({
  email: Email,
  password: Password,
  describUrl: DescribeUrl,
});
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;

/** POST /api/user/get_email: data is the e-mail of the subscription link's account. */
export const GetEmailRequest = Type.Object({ describUrl: DescribeUrl });
export type GetEmailRequest = Static<typeof GetEmailRequest>;

/** POST /api/user/reset_userkey answer. */
export interface ResetUserkeyAnswer {
  userkey: string;
}

/*
 * The account pages' forms: spec-1 §5's rules only. The pages trim the e-mail and the link before
 * the check, as they are sent; which failing check is shown, and in which words, is the page's
 * (the spec's order). The lengths the calls allow stay the BFF's to refuse: its message is shown.
 */

/** An address that matches {email}: something, @, a host with a dot, no spaces. */
const FormEmail = Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' });
/** A new password: at least 8 characters (the calls themselves take any non-empty one). */
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH });
/** The new password typed again; that the two are equal is the form's check across fields. */
const PasswordAgain = Type.String();

/** The register page: what signup sends, with the password typed twice. */
export const RegisterForm = Type.Object(
  { email: FormEmail, password: NewPassword, confirm: PasswordAgain },
  { additionalProperties: false },
);
export type RegisterForm = Static<typeof RegisterForm>;

/** The reset page: what reset_password sends, with the password typed twice. */
export const ResetForm = Type.Object(
  {
    describUrl: Type.String({ minLength: SUBSCRIPTION_LINK_MIN_LENGTH }),
    email: FormEmail,
    password: NewPassword,
    confirm: PasswordAgain,
  },
  { additionalProperties: false },
);
export type ResetForm = Static<typeof ResetForm>;
