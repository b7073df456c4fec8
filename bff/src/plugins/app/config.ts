import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { createSealer, type Sealer } from '../../lib/sealed.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Seals secrets that must be read back under DATA_KEY (lib/sealed.ts); the same for every module. */
    sealer: Sealer;
  }
}

export default fp<{ config: AppConfig }>(
  async (fastify, { config }) => {
    fastify.decorate('config', config);
    fastify.decorate('sealer', createSealer(config.dataKey, config.dataKeyPrevious));
    if (config.trustProxy === true) {
      fastify.log.warn(
        "TRUST_PROXY=true believes any X-Forwarded-For a client writes, so anyone can pick the address that rate limits and logs key on: set TRUST_PROXY to the proxies' addresses or CIDRs instead, such as 10.0.0.0/8",
      );
    }
    if (config.dataKey === undefined && process.env.NODE_ENV === 'production') {
      fastify.log.warn(
        'DATA_KEY is not set: staff TOTP secrets and secret settings (epay keys, the bot token, the webhook secret) are stored in the database as they are, so a copy of the database or a backup gives them away. Set DATA_KEY (openssl rand -hex 32) and keep it outside the database',
      );
    }
  },
  { name: 'config' },
);
