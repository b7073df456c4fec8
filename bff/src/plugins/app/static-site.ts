import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  PORTAL_CONFIG_PATH,
  PRODUCT_NAME,
  remoteFolder,
  remoteNames,
  type PortalConfig,
} from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';

export function portalConfigOf(config: AppConfig): PortalConfig {
  return {
    remotes: { ...config.remotes },
    agencyHost: new URL(config.agencyDomain).host,
    describeHost: config.describeHost,
    productName: PRODUCT_NAME,
  };
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose address changes with their content (`main.3f2a1b9c.js`) may be cached for good. */
const CONTENT_HASH = /[.-][0-9a-f]{8,}\./i;
/** Entry points that name the current build: always revalidated, or a redeploy goes unseen. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return NO_CACHE;
  // Unhashed assets (a logo in public/) keep their address across builds, so they revalidate too.
  return CONTENT_HASH.test(name) ? IMMUTABLE : NO_CACHE;
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/**
 * The all-in-one mode: the shell at /, each remote at /remotes/<folder>/, and the run-time
 * /portal-config.json that tells the shell where the remotes live. Prebuilt .br/.gz files are
 * served when the browser accepts them. A missing build is logged, not fatal.
 */
export default fp(
  async (fastify) => {
    const { config } = fastify;
    const portalConfig = JSON.stringify(portalConfigOf(config));
    // Served even without the static files: development servers proxy it to the BFF.
    fastify.get(PORTAL_CONFIG_PATH, async (_request, reply) =>
      reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8').send(portalConfig),
    );

    if (!config.serveStatic) return;
    // @fastify/static decorates the reply once; every later registration must opt out.
    let replyDecorated = false;
    const serve = async (root: string, prefix: string, crossOrigin: boolean) => {
      await fastify.register(fastifyStatic, {
        root,
        prefix,
        decorateReply: !replyDecorated,
        preCompressed: true,
        index: ['index.html'],
        setHeaders: (reply: FastifyReply, filePath: string) => {
          reply.header('cache-control', cacheControlFor(filePath));
          if (crossOrigin) {
            // A remote may be loaded by a shell on another origin (split deployment, CDN).
            reply.header('access-control-allow-origin', '*');
            reply.header('cross-origin-resource-policy', 'cross-origin');
          }
        },
      });
      replyDecorated = true;
    };

    const shellDist = path.join(config.staticRoot, 'shell', 'dist');
    if (isDirectory(shellDist)) {
      await serve(shellDist, '/', false);
    } else {
      fastify.log.warn({ dir: shellDist }, 'shell build not found; / is not served (run npm run build)');
    }
    for (const name of remoteNames) {
      const folder = remoteFolder(name);
      const dist = path.join(config.staticRoot, folder, 'dist');
      if (isDirectory(dist)) {
        await serve(dist, `/remotes/${folder}/`, true);
      } else {
        fastify.log.warn({ dir: dist }, `${folder} build not found; /remotes/${folder}/ is not served`);
      }
    }
  },
  { name: 'static-site', dependencies: ['config'] },
);
