import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  PORTAL_CONFIG_PATH,
  PRODUCT_NAME,
  cookieNames,
  remoteFolder,
  remoteNames,
  type PortalConfig,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { bootPageSource, pickEncoding } from '../../lib/boot-page.js';

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
/**
 * Unhashed assets (the logo in public/) keep their address across builds: cached for a day, so
 * one page that shows the logo and names it as its icon fetches it once, and a repeat visit not
 * at all; a new logo reaches everyone within a day.
 */
const ONE_DAY = 'public, max-age=86400';
/** Files whose address changes with their content (`main.3f2a1b9c.js`) may be cached for good. */
const CONTENT_HASH = /[.-][0-9a-f]{8,}\./i;
/** Entry points that name the current build: always revalidated, or a redeploy goes unseen. */
const ENTRY_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

export function cacheControlFor(filePath: string): string {
  // A precompressed copy (`main.js.br`) is cached like the file it encodes.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (ENTRY_FILES.has(name) || name.endsWith('.html')) return NO_CACHE;
  if (CONTENT_HASH.test(name)) return IMMUTABLE;
  return /\.(js|mjs|css|json|txt)$/.test(name) ? NO_CACHE : ONE_DAY;
}

/**
 * Policies that only govern a document (what it may load, frame or open): helmet sets them on
 * every response, where a script, style, manifest or image ignores them and they cost about
 * 700 bytes each, a fifth of a first page's requests. `nosniff`, the resource policy and HSTS stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Files a browser may open as a page (SVG runs scripts when opened on its own). */
function isDocument(filePath: string): boolean {
  return /\.(html?|svg)(\.(br|gz))?$/i.test(filePath);
}

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/**
 * The all-in-one mode: the shell at /, each remote at /remotes/<folder>/, and the run-time
 * /portal-config.json that tells the shell where the remotes live. Prebuilt .br/.gz files
 * (written by the build) are served when the browser accepts them, with `Vary: Accept-Encoding`.
 * The shell's index.html carries the run-time config and the first route's remote addresses
 * inline (lib/boot-page.ts), so the page starts fetching that remote at once. A missing build is
 * logged, not fatal.
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
        // The shell's page is answered below, with its boot data.
        index: crossOrigin ? ['index.html'] : false,
        setHeaders: (reply: FastifyReply, filePath: string) => {
          reply.header('cache-control', cacheControlFor(filePath));
          if (!isDocument(filePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
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
    if (isDirectory(shellDist) && existsSync(path.join(shellDist, 'index.html'))) {
      const bootPage = bootPageSource({ shellDist, staticRoot: config.staticRoot, config: portalConfigOf(config) });
      const agencyHost = new URL(config.agencyDomain).host;
      const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
        const pages = bootPage();
        // The first paint is the visitor's page of the main site: a session (or its marker)
        // and the agency site get the page without it.
        const visitor =
          request.cookies[cookieNames.session] === undefined &&
          request.cookies[cookieNames.token] === undefined &&
          request.headers.host !== agencyHost;
        const page = visitor ? pages.visitor : pages.session;
        reply
          .header('cache-control', NO_CACHE)
          .header('vary', 'accept-encoding, cookie')
          .header('etag', page.etag)
          .type('text/html; charset=utf-8');
        if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
        const encoding = pickEncoding(request.headers['accept-encoding']);
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body);
      };
      fastify.get('/', sendPage);
      fastify.get('/index.html', sendPage);
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
  { name: 'static-site', dependencies: ['config', 'cookie'] },
);
