import { Value } from '@sinclair/typebox/value';
import { messages } from '@portal/contracts';
import { RegisterForm, ResetForm } from '@portal/contracts/schemas';
import { firstFailingCheck, type FormCheck } from '@portal/ui/form-checks';

const samePasswords = ({ password, confirm }: { password: string; confirm: string }) => password === confirm;

/** Spec-1 §5 register, in this order: passwords equal, at least 8 characters, the e-mail pattern. */
export const registerChecks: readonly FormCheck<RegisterForm>[] = [
  { field: 'confirm', message: messages.register.passwordsDiffer, fails: (values) => !samePasswords(values) },
  { field: 'password', message: messages.register.passwordTooShort, fails: 'schema' },
  { field: 'email', message: messages.register.emailInvalid, fails: 'schema' },
];

export const registerResolver = firstFailingCheck<RegisterForm>({
  schema: RegisterForm,
  checks: registerChecks,
  trimmed: ['email'],
});

/**
 * Spec-1 §5 reset, in this order: both passwords given, equal, at least 8 characters, the e-mail
 * pattern, a subscription link of at least 8 characters.
 */
export const resetChecks: readonly FormCheck<ResetForm>[] = [
  { field: 'password', message: messages.reset.passwordRequired, fails: ({ password }) => password === '' },
  { field: 'confirm', message: messages.reset.passwordRequired, fails: ({ confirm }) => confirm === '' },
  { field: 'confirm', message: messages.reset.passwordsDiffer, fails: (values) => !samePasswords(values) },
  { field: 'password', message: messages.reset.passwordTooShort, fails: 'schema' },
  { field: 'email', message: messages.reset.emailInvalid, fails: 'schema' },
  { field: 'describUrl', message: messages.reset.linkInvalid, fails: 'schema' },
];

export const resetResolver = firstFailingCheck<ResetForm>({
  schema: ResetForm,
  checks: resetChecks,
  trimmed: ['email', 'describUrl'],
});

/** Find-account sends the link trimmed, once it passes the form's check (at least 8 characters). */
export function findAccountLink(link: string): string | null {
  const describUrl = link.trim();
  return Value.Check(ResetForm.properties.describUrl, describUrl) ? describUrl : null;
}
