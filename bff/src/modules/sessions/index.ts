export { createSessionsRepository, type SessionsRepository, type SessionStaffRow, type SessionUser } from './repository.js';
export { createSessionsService, SESSION_TTL_MS, type NewSession, type SessionsService } from './service.js';
