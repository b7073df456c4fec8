import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { argon2Hasher } from '../../lib/passwords.js';
import { currentPasswordCheck, type CurrentPasswordCheck } from './current-password.js';
import { createRegistrationService, type RegistrationService } from './registration.js';
import { accountsRepository } from './repository.js';
import { accountsRoutes } from './routes.js';
import { createAccountsService, type AccountsService, type FirstAdminResult } from './service.js';

/** Where links in mails point (the profile's e-mail change mails one too). */
export { linkBase } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
    registration: RegistrationService;
    /** The current password that changing the e-mail or the payout address needs (one limit for both). */
    currentPassword: CurrentPasswordCheck;
    /** The first-admin check of this start (server.ts names the admin in its start line). */
    firstAdmin: FirstAdminResult;
  }
}

async function accountsModule(fastify: FastifyInstance) {
  const repo = accountsRepository(fastify.db);
  const registration = createRegistrationService({
    repo,
    passwords: argon2Hasher,
    sessions: fastify.sessions,
    mail: fastify.mail,
    onMailFailure: (err, to) => fastify.log.error({ err, to }, 'mail could not be sent'),
    notify: (events) => fastify.notifications.emit(events),
  });
  const accounts = createAccountsService({
    repo,
    sessions: fastify.sessions,
    passwords: argon2Hasher,
    defaultDescribeHost: fastify.config.describeHost,
    signUseStatus: (userId) => fastify.signUse.status(userId),
    userInfoSettings: () =>
      fastify.settings.getMany(['describe_host', 'continueSignReward', 'contentUrl_guonei', 'contentUrl_guowai']),
    resendConfirmation: (userId, email, linkBase) => registration.resendSignupConfirmation(userId, email, linkBase),
    secondFactorGate: (user, meta) => fastify.secondFactor.challengeIfEnrolled(user, meta),
  });
  fastify.decorate('accounts', accounts);
  fastify.decorate('registration', registration);
  fastify.decorate('currentPassword', currentPasswordCheck(fastify, repo, argon2Hasher));

  const { email, password } = fastify.config.admin;
  const first = await accounts.ensureFirstAdmin({
    ...(email === undefined ? {} : { email }),
    ...(password === undefined ? {} : { password }),
  });
  fastify.decorate('firstAdmin', first);
  if (first.status === 'created' && first.generatedPassword !== undefined) {
    fastify.log.warn(
      { adminEmail: first.email },
      `First admin account created. E-mail: ${first.email}  Password: ${first.generatedPassword}  ` +
        '(generated; shown only this once, change it after signing in, or set ADMIN_PASSWORD)',
    );
  } else if (first.status === 'created') {
    fastify.log.info({ adminEmail: first.email }, 'first admin account created from ADMIN_EMAIL/ADMIN_PASSWORD');
  } else if (first.status === 'email-taken') {
    fastify.log.error(
      { adminEmail: first.email },
      'no admin exists and the ADMIN_EMAIL address belongs to an existing user; it was not promoted',
    );
  }

  accountsRoutes(fastify, accounts, registration);
}

// fastify-plugin so that `fastify.accounts` is visible to the modules registered after it.
export default fp(accountsModule, {
  name: 'accounts',
  dependencies: ['db', 'auth', 'envelope', 'mail', 'settings', 'sign-use', 'second-factor', 'notifications'],
});
