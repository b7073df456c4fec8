import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSettingsRepository } from './repository.js';
import { settingsRoutes } from './routes.js';
import { createSettingsService, type SettingsService } from './service.js';

export type { SettingKey, SettingValue, SettingValues } from './definitions.js';
export { installScriptSetting } from './definitions.js';
export type { SettingsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsService;
  }
}

async function settingsModule(fastify: FastifyInstance) {
  const settings = createSettingsService({
    repo: createSettingsRepository(fastify.db),
    onInvalidStoredValue: (key, value) =>
      fastify.log.warn({ key, value }, 'stored setting does not fit its definition; using the default'),
  });
  fastify.decorate('settings', settings);
  settingsRoutes(fastify, settings, fastify.audit);
}

export default fp(settingsModule, { name: 'settings', dependencies: ['db', 'auth', 'envelope', 'audit'] });
