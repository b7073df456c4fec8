import { Type, type Static } from '@sinclair/typebox';
import { APPLE_IDS_MAX } from '../profile.js';
import { CurrentPassword } from './current-password.js';

/**
 * The profile (spec-2 §2 "Profile", §7 /api/user/change_use_info, /api/user/unbind) and the shared
 * Apple ID accounts (spec-2 §2 "Shared Apple ID"; /api/user/apple_ids is ours).
 */

/**
 * /api/user/change_use_info: only these fields (anything else is refused). A field left out keeps
 * its value. `icon` is '' or the path of an avatar this user uploaded (or the current value);
 * a new `email` is not applied here: a confirmation link goes to it, and it applies when opened.
 * A new `email` needs the current `password` (a save that keeps the address does not).
 */
export const ChangeUseInfoRequest = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    icon: Type.Optional(Type.String({ maxLength: 512 })),
    inXinjiang: Type.Optional(Type.Boolean()),
    in_foreign: Type.Optional(Type.Boolean()),
    use_english_node: Type.Optional(Type.Boolean()),
    password: Type.Optional(CurrentPassword),
  },
  { additionalProperties: false },
);
export type ChangeUseInfoRequest = Static<typeof ChangeUseInfoRequest>;

/**
 * The profile's form: the five fields of change_use_info, all given (the e-mail trimmed before
 * the check, as it is sent). The password is asked for apart, in its dialog.
 */
export const ProfileForm = Type.Required(Type.Omit(ChangeUseInfoRequest, ['password']));
export type ProfileForm = Static<typeof ProfileForm>;

export interface ChangeUseInfoAnswer {
  /** The address a confirmation link was mailed to by this call; null when the e-mail did not change. */
  mailedTo: string | null;
}

/** One shared Apple ID account, as the operator enters it in the settings (`apple_ids`). */
export const AppleIdAccount = Type.Object(
  {
    // Titles name the columns of the account's row on the configuration screen.
    account: Type.String({ minLength: 1, maxLength: 254, title: '账号' }),
    password: Type.String({ minLength: 1, maxLength: 128, title: '密码' }),
    region: Type.String({ maxLength: 40, title: '地区' }),
    note: Type.String({ maxLength: 500, title: '备注' }),
    /** What the operator says of it now (可用, 已锁定…), shown as it is. */
    status: Type.String({ maxLength: 40, title: '状态' }),
  },
  { additionalProperties: false },
);
export type AppleIdAccount = Static<typeof AppleIdAccount>;

export const AppleIdAccounts = Type.Array(AppleIdAccount, { maxItems: APPLE_IDS_MAX });
