import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSecondFactorRepository } from './repository.js';
import { secondFactorRoutes } from './routes.js';
import { createSecondFactorService, type SecondFactorService } from './service.js';

export { default as secondFactorGuard, isStaff, sessionIdOf, STEP_UP_URLS } from './guard.js';
export { sendSecondFactorNeeded } from './routes.js';
export { SecondFactorNeeded, type SecondFactorService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff second factor (TOTP and recovery codes): enrolment, the login's second step, step-up. */
    secondFactor: SecondFactorService;
  }
}

/** A second factor for staff (issue 25, docs/second-factor.md). */
async function secondFactorModule(fastify: FastifyInstance) {
  const service = createSecondFactorService({
    repo: createSecondFactorRepository(fastify.db),
    // The change is made whatever happens to its notice; a mail that could not go out is logged.
    mail: async (to, content) => {
      await fastify.mail
        .send(to, content)
        .catch((err: unknown) => fastify.log.error({ err, to }, 'mail could not be sent'));
    },
  });
  fastify.decorate('secondFactor', service);
  secondFactorRoutes(fastify, service);
}

export default fp(secondFactorModule, {
  name: 'second-factor',
  dependencies: ['db', 'auth', 'envelope', 'mail', 'settings', 'audit', 'second-factor-guard'],
});
