import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { FIRST_PAINT_SCRIPT_HASHES } from '../../lib/first-paint.js';

/** Origins of the remotes configured by absolute URL; relative ones are same-origin already. */
export function remoteOrigins(config: AppConfig): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins].sort();
}

export function contentSecurityPolicy(config: AppConfig): Record<string, string[]> {
  const remotes = remoteOrigins(config);
  return {
    defaultSrc: ["'self'"],
    // The first paint's two inline scripts (lib/first-paint.ts), by their hashes.
    scriptSrc: ["'self'", ...FIRST_PAINT_SCRIPT_HASHES, ...remotes],
    connectSrc: ["'self'", ...remotes],
    // Emotion (Chakra) injects <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}

// Cross-Origin-Resource-Policy stays same-origin here; remote assets override it (static-site.ts).
export default fp(
  async (fastify) => {
    await fastify.register(helmet, {
      contentSecurityPolicy: {
        // Exactly our directives: helmet's defaults add upgrade-insecure-requests, which breaks
        // an all-in-one install reached over plain http on a LAN address.
        useDefaults: false,
        directives: contentSecurityPolicy(fastify.config),
      },
    });
  },
  { name: 'helmet', dependencies: ['config'] },
);
