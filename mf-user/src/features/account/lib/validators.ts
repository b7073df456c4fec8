import { messages } from '@portal/contracts';

/** Spec-1 §5: blank means empty string, null or undefined. */
export function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value === '';
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
