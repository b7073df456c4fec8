import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MailContent } from '../mail/index.js';
import { createPasskeyRepository, createPasskeyService } from './passkeys.js';
import { createSecondFactorRepository } from './repository.js';
import { secondFactorRoutes } from './routes.js';
import { createSecondFactorService, type SecondFactorService } from './service.js';

export { default as secondFactorGuard, effectiveStaff, isStaff, sessionIdOf, STEP_UP_URLS } from './guard.js';
export { sendSecondFactorNeeded } from './routes.js';
export { SecondFactorNeeded, type SecondFactorService } from './service.js';
export { createSecondFactorRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff second factor (TOTP with recovery codes, passkeys): enrolment, the login's second step, step-up. */
    secondFactor: SecondFactorService;
  }
}

/** A second factor for staff (issue 25, docs/second-factor.md). */
async function secondFactorModule(fastify: FastifyInstance) {
  // The change is made whatever happens to its notice; a mail that could not go out is logged.
  const mail = async (to: string, content: MailContent) => {
    await fastify.mail
      .send(to, content)
      .catch((err: unknown) => fastify.log.error({ err, to }, 'mail could not be sent'));
  };
  const service = createSecondFactorService({
    repo: createSecondFactorRepository(fastify.db),
    passkeys: createPasskeyService({ repo: createPasskeyRepository(fastify.db), mail }),
    mail,
    sealer: fastify.sealer,
  });
  fastify.decorate('secondFactor', service);
  // Secrets written before DATA_KEY was set are sealed now; each instance may try, one value wins.
  const sealed = await service.sealStoredSecrets();
  if (sealed > 0) fastify.log.info({ sealed }, 'second factor: stored TOTP secrets sealed under DATA_KEY');
  secondFactorRoutes(fastify, service);
}

export default fp(secondFactorModule, {
  name: 'second-factor',
  dependencies: ['config', 'db', 'auth', 'envelope', 'mail', 'settings', 'audit', 'second-factor-guard'],
});
