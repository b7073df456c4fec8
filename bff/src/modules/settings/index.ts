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
    sealer: fastify.sealer,
  });
  fastify.decorate('settings', settings);
  // Secret settings written before DATA_KEY was set are sealed now (each row compare-and-set).
  const sealed = await settings.sealStoredSecrets();
  if (sealed > 0) fastify.log.info({ sealed }, 'settings: stored secrets sealed under DATA_KEY');
  settingsRoutes(fastify, settings, fastify.audit);
}

export default fp(settingsModule, { name: 'settings', dependencies: ['config', 'db', 'auth', 'envelope', 'audit'] });
