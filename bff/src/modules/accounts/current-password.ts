import { Codes, currentPasswordMessages as text } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../../lib/domain-error.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import { failureLimit } from '../../lib/throttle.js';
import type { AccountsRepository } from './repository.js';

export interface CurrentPasswordCheck {
  /**
   * preHandler: refuses (4029) a call that carries a password while the account's (or the
   * address's) wrong passwords are used up. Calls without one are not held back.
   */
  limit: preHandlerAsyncHookHandler;
  /**
   * Throws unless `password` is the signed-in user's current password: 4001 when there is none,
   * 1113 when it is wrong (counted toward the limit, like a failed login).
   */
  verify(request: FastifyRequest, password: string | undefined): Promise<void>;
}

const carriesPassword = (request: FastifyRequest) =>
  typeof (request.payload as { password?: unknown } | null)?.password === 'string';

/**
 * The current password that changing who controls the account or where its money goes needs
 * (QUALITY 26): a stolen session cookie alone cannot change the e-mail or the payout address.
 * One limit for every such call, in the login's windows: per account (whatever the address) and,
 * five times wider, per address. Verified with argon2 as login does.
 */
export function currentPasswordCheck(
  fastify: FastifyInstance,
  repo: Pick<AccountsRepository, 'findById'>,
  passwords: PasswordHasher,
): CurrentPasswordCheck {
  const { max, timeWindowMs } = fastify.config.loginRateLimit;
  // The attempt is taken by `limit` before anything is checked, and given back unless it fails with 1113.
  const failures = failureLimit(
    fastify,
    'current_password',
    [
      { max, timeWindowMs, key: (r) => (carriesPassword(r) && r.user !== null ? r.user.id : '') },
      { max: max * 5, timeWindowMs, key: (r) => (carriesPassword(r) ? r.ip : '') },
    ],
    { counted: [Codes.PASSWORD_WRONG] },
  );
  return {
    limit: failures.check,
    async verify(request, password) {
      const user = request.user === null ? undefined : await repo.findById(request.user.id);
      if (user === undefined) throw new DomainError(Codes.SESSION_EXPIRED);
      if (password === undefined || password === '') throw new DomainError(Codes.INVALID_PAYLOAD, text.required);
      if (!(await passwords.verify(user.passwordHash, password)))
        throw new DomainError(Codes.PASSWORD_WRONG, text.wrong);
    },
  };
}
