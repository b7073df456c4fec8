import { Codes } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../lib/domain-error.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SessionsService } from '../sessions/index.js';
import type { AccountsRepository } from './repository.js';
import { createAccountsService } from './service.js';

function fakes() {
  const verified: string[] = [];
  const passwords: PasswordHasher = {
    hash: async (p) => `hash:${p}`,
    verify: async (hash, password) => {
      verified.push(hash);
      return hash === `hash:${password}`;
    },
  };
  const repo = {
    findByEmail: async (email: string) =>
      email === 'known@example.com'
        ? ({ id: 'u1', passwordHash: 'hash:right', disabled: false, emailConfirmed: true } as never)
        : undefined,
  } as unknown as AccountsRepository;
  const sessions = { create: async () => ({ token: 't', expiresAt: new Date() }) } as unknown as SessionsService;
  return { verified, service: createAccountsService({ repo, sessions, passwords, defaultDescribeHost: '' }) };
}

describe('accounts service login', () => {
  it('spends a password verification on an unknown e-mail too (no timing oracle)', async () => {
    const { verified, service } = fakes();
    await expect(service.login('nobody@example.com', 'x')).rejects.toEqual(new DomainError(Codes.LOGIN_FAILED));
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatch(/^hash:/);
    await expect(service.login('known@example.com', 'wrong')).rejects.toEqual(new DomainError(Codes.LOGIN_FAILED));
    expect(verified).toHaveLength(2);
    await expect(service.login('known@example.com', 'right')).resolves.toMatchObject({ token: 't' });
  });
});
