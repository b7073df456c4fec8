import { messages, PASSWORD_MIN_LENGTH, SUBSCRIPTION_LINK_MIN_LENGTH } from '@portal/contracts';

/** Spec-1 §5: blank means empty string, null or undefined. */
export function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value === '';
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string | null | undefined): boolean {
  return !isBlank(value) && EMAIL_PATTERN.test(value!.trim());
}

/** The field a message belongs under, and the message. */
export interface FieldError<F extends string> {
  field: F;
  message: string;
}

export type LoginField = 'email' | 'password';
export interface LoginInput {
  email: string;
  password: string;
}

/** Login checks both fields at once: each blank field gets its own message. */
export function validateLogin({ email, password }: LoginInput): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  if (isBlank(email)) errors.email = messages.login.emailEmpty;
  if (isBlank(password)) errors.password = messages.login.passwordEmpty;
  return errors;
}

export type RegisterField = 'email' | 'password' | 'confirm';
export interface RegisterInput {
  email: string;
  password: string;
  confirm: string;
}

/** The first failing register check, in the spec's order: equal, at least 8, e-mail pattern. */
export function validateRegister({ email, password, confirm }: RegisterInput): FieldError<RegisterField> | null {
  if (password !== confirm) return { field: 'confirm', message: messages.register.passwordsDiffer };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: messages.register.passwordTooShort };
  if (!isEmail(email)) return { field: 'email', message: messages.register.emailInvalid };
  return null;
}

export type ResetField = 'link' | 'email' | 'password' | 'confirm';
export interface ResetInput {
  link: string;
  email: string;
  password: string;
  confirm: string;
}

/**
 * The first failing reset check, in the spec's order: both passwords given, equal, at least 8,
 * e-mail pattern, subscription link at least 8 characters.
 */
export function validateReset({ link, email, password, confirm }: ResetInput): FieldError<ResetField> | null {
  if (isBlank(password)) return { field: 'password', message: messages.reset.passwordRequired };
  if (isBlank(confirm)) return { field: 'confirm', message: messages.reset.passwordRequired };
  if (password !== confirm) return { field: 'confirm', message: messages.reset.passwordsDiffer };
  if (password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: messages.reset.passwordTooShort };
  if (!isEmail(email)) return { field: 'email', message: messages.reset.emailInvalid };
  if (!hasSubscriptionLink(link)) return { field: 'link', message: messages.reset.linkInvalid };
  return null;
}

/** Find-account and reset both need a subscription link of at least 8 characters. */
export function hasSubscriptionLink(link: string | null | undefined): boolean {
  return !isBlank(link) && link!.trim().length >= SUBSCRIPTION_LINK_MIN_LENGTH;
}
