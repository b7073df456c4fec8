import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSecondFactorRepository } from '../second-factor/index.js';
import { createStaffRepository } from './repository.js';
import { staffRoutes } from './routes.js';
import { createStaffService, type StaffService } from './service.js';

export { staffOf, canGrant, type Staff } from './access.js';
export type { StaffService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff, roles and the rules around them (issue 25). */
    staff: StaffService;
  }
}

/** The back office's staff: roles per screen and action, appointments, the owner (docs/staff.md). */
async function staffModule(fastify: FastifyInstance) {
  const staff = createStaffService({
    repo: createStaffRepository(fastify.db),
    audit: fastify.audit,
    sessions: fastify.sessions,
    settings: fastify.settings,
    secondFactorOf: (userIds) => createSecondFactorRepository(fastify.db).kindsOf(userIds),
  });
  fastify.decorate('staff', staff);
  await staff.ensureOwner();
  staffRoutes(fastify, staff);
}

export default fp(staffModule, {
  name: 'staff',
  dependencies: ['db', 'auth', 'envelope', 'audit', 'settings', 'accounts'],
});
