import { hash, verify } from '@node-rs/argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id with the library defaults (m=19 MiB, t=2, p=1: the OWASP baseline). */
export const argon2Hasher: PasswordHasher = {
  hash: (password) => hash(password),
  async verify(stored, password) {
    try {
      return await verify(stored, password);
    } catch {
      // A malformed stored hash must read as "wrong password", not as a server fault.
      return false;
    }
  },
};
