import { Type, type Static } from '@sinclair/typebox';

const Email = Type.String({ minLength: 1, maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 256 });
/** A subscription link as pasted by a user (spec-1 §5: at least 8 characters). */
const DescribeUrl = Type.String({ minLength: 8, maxLength: 2048 });

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
