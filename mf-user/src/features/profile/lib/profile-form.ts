import {
  PROFILE_PERMISSIONS_SHOWN,
  type ChangeUseInfoRequest,
  type Permission,
  type UserInfo,
} from '@portal/contracts';
import { ProfileForm } from '@portal/contracts/schemas';
import { firstFailingCheck } from '@portal/ui/form-checks';
import { profileLabels } from '../profile-labels';

/**
 * The profile's one check: an e-mail (trimmed) must be given. The submit gets the e-mail trimmed;
 * the rest as it is.
 */
export const profileResolver = firstFailingCheck<ProfileForm>({
  schema: ProfileForm,
  checks: [{ field: 'email', message: profileLabels.account.emailEmpty, fails: 'schema' }],
  trimmed: ['email'],
});

export const profileOptions = ['inXinjiang', 'in_foreign', 'use_english_node'] as const;
export type ProfileOption = (typeof profileOptions)[number];

export function formOf(user: UserInfo): ProfileForm {
  return {
    email: user.email,
    icon: user.icon,
    inXinjiang: user.inXinjiang,
    in_foreign: user.in_foreign,
    use_english_node: user.use_english_node,
  };
}

/** The save's payload: the e-mail trimmed (the BFF compares it case-insensitively with the current one). */
export function changeRequestOf(form: ProfileForm): ChangeUseInfoRequest {
  return {
    email: form.email.trim(),
    icon: form.icon,
    inXinjiang: form.inXinjiang,
    in_foreign: form.in_foreign,
    use_english_node: form.use_english_node,
  };
}

/**
 * The save asks for another e-mail address than the account's (compared as the BFF does, trimmed
 * and case-insensitively): it needs the current password.
 */
export function changesEmail(form: ProfileForm, user: Pick<UserInfo, 'email'>): boolean {
  return form.email.trim().toLowerCase() !== user.email.trim().toLowerCase();
}

/** The permissions shown: the first three (spec-2 §9) until the toggle shows them all. */
export function shownPermissions(permissions: readonly Permission[], all: boolean): readonly Permission[] {
  return all ? permissions : permissions.slice(0, PROFILE_PERMISSIONS_SHOWN);
}
