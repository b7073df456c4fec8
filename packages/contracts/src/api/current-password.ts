import { Type, type Static } from '@sinclair/typebox';

/**
 * The `password` field of the calls that need the current password (change_use_info with a new
 * e-mail, change_reward_adress). Optional in those calls' schemas so that the BFF refuses a call
 * without it in words (currentPasswordMessages.required), not with a schema error.
 */
export const CurrentPassword = Type.String({ maxLength: 256 });

/** The password dialog of the profile and the wallet: a password must be typed before the call. */
export const CurrentPasswordForm = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);
export type CurrentPasswordForm = Static<typeof CurrentPasswordForm>;
