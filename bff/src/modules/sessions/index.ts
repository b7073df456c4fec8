import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newDeviceSignInMail } from '../mail/templates.js';
import { sessionsRoutes } from './routes.js';
import { staffOf } from '../staff/access.js';

export {
  createSessionsRepository,
  type SessionsRepository,
  type SessionStaffRow,
  type SessionUser,
} from './repository.js';
export { createSessionsService, SESSION_TTL_MS, type NewSession, type SessionsService } from './service.js';
export { describeDevice, deviceKey } from './device.js';

/**
 * The signed-in devices' calls, and the new-device mail to staff. The sessions service itself is
 * made by the auth plugin (every request resolves its cookie through it).
 */
async function sessionsModule(fastify: FastifyInstance) {
  const sessions = fastify.sessions;
  const timeZone = fastify.config.serviceTimezone;
  sessions.onNewDevice(async (signIn) => {
    const facts = await sessions.staffFacts(signIn.userId);
    if (facts === undefined || staffOf({ id: signIn.userId, email: facts.email }, facts.staff) === null) return;
    // The sign-in stands: a mail that cannot be sent is logged, not turned into a refusal.
    await fastify.mail
      .send(facts.email, newDeviceSignInMail({ ...signIn, timeZone }))
      .catch((err: unknown) => fastify.log.error({ err, to: facts.email }, 'mail could not be sent'));
  });
  sessionsRoutes(fastify, sessions);
}

export default fp(sessionsModule, { name: 'sessions', dependencies: ['auth', 'envelope', 'audit', 'mail', 'config'] });
