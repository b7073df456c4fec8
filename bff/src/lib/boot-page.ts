import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  BOOT_DATA_ID,
  routes,
  remoteFolder,
  remoteNames,
  type BootData,
  type PortalConfig,
  type RemoteName,
  type RemotePreload,
} from '@portal/contracts';
import { currentPages, parseFirstPaint, withFirstPaint } from './first-paint.js';
import { scriptSafeJson } from './html.js';

/** The parts of a federation manifest (mf-manifest.json) the boot data needs. */
interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
}

/** Remotes whose code a visitor may get before the session is known: all but the back office. */
const PRELOADABLE: readonly RemoteName[] = remoteNames.filter((name) => name !== 'mf_admin');

const PAGE_CHUNK = /(?:^|\/)page-([a-z0-9_]+)\.[0-9a-f]+\.js$/i;

/**
 * What the shell's first script needs to fetch the remote of the route in the address at once:
 * for a remote this server hosts (its manifest URL is `/remotes/<folder>/…` and the build is
 * here), its entry, the exposed module's chunks and each page's own chunk, read from its
 * manifest; for a remote hosted elsewhere, only its manifest URL.
 */
export function remotePreload(manifestUrl: string, manifest: FederationManifest | undefined): RemotePreload {
  const preload: RemotePreload = { manifest: manifestUrl };
  if (!manifest) return preload;
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  if (entry?.name) preload.entry = base + path.posix.join(entry.path ?? '', entry.name);
  const pages = manifest.exposes?.find((e) => e.name === 'pages' || e.name === './pages');
  if (pages) {
    preload.expose = (pages.assets?.js?.sync ?? []).map((file) => base + file);
    const byPage: Record<string, string[]> = {};
    for (const file of pages.assets?.js?.async ?? []) {
      const key = PAGE_CHUNK.exec(file)?.[1];
      if (key) (byPage[key] ??= []).push(base + file);
    }
    preload.pages = byPage;
  }
  return preload;
}

export function bootData(config: PortalConfig, manifests: Partial<Record<RemoteName, FederationManifest>>): BootData {
  const preload: BootData['preload'] = {};
  for (const name of PRELOADABLE) preload[name] = remotePreload(config.remotes[name], manifests[name]);
  const routeMap: BootData['routes'] = {};
  for (const route of routes) {
    if (PRELOADABLE.includes(route.remote)) routeMap[route.path] = [route.remote, route.page];
  }
  return { config, routes: routeMap, preload };
}

/**
 * The shell's index.html with the boot data inlined as a JSON block and without the preload of
 * /portal-config.json (the page no longer fetches it).
 */
export function withBootData(html: string, data: BootData): string {
  const block = `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafeJson(data)}</script>`;
  const withoutConfigPreload = html.replace(/<link\b[^>]*href="\/portal-config\.json"[^>]*>\s*/i, '');
  return withoutConfigPreload.includes('</head>')
    ? withoutConfigPreload.replace('</head>', () => `${block}</head>`) // a function: `$&` in the data stays text
    : block + withoutConfigPreload;
}

export interface EncodedPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function encode(html: string): EncodedPage {
  const body = Buffer.from(html, 'utf8');
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    // Weak: one validator for the brotli, gzip and plain bodies of the same page.
    etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

const mtimeOf = (file: string): number => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/** The shell's page in its two forms: for visitors, with the first paint when there is one; for sessions, without. */
export interface BootPages {
  visitor: EncodedPage;
  session: EncodedPage;
}

/**
 * index.html with boot data (and for visitors the first paint of the entry pages), rebuilt when
 * the shell's page, its first paint or a hosted remote's manifest changes on disk (a remote
 * redeployed under a running server is picked up on the next page).
 */
export function bootPageSource(options: {
  shellDist: string;
  staticRoot: string;
  config: PortalConfig;
}): () => BootPages {
  const { shellDist, staticRoot, config } = options;
  const indexFile = path.join(shellDist, 'index.html');
  const firstPaintFile = path.join(shellDist, 'first-paint.json');
  const localManifests = new Map<RemoteName, string>();
  for (const name of PRELOADABLE) {
    const folder = remoteFolder(name);
    if (config.remotes[name] === `/remotes/${folder}/mf-manifest.json`) {
      localManifests.set(name, path.join(staticRoot, folder, 'dist', 'mf-manifest.json'));
    }
  }
  const watched = [indexFile, firstPaintFile, ...localManifests.values()];
  let stamp = '';
  let pages: BootPages | undefined;
  return () => {
    const current = watched.map(mtimeOf).join(',');
    if (!pages || current !== stamp) {
      const manifests: Partial<Record<RemoteName, FederationManifest>> = {};
      for (const [name, file] of localManifests) {
        try {
          manifests[name] = JSON.parse(readFileSync(file, 'utf8')) as FederationManifest;
        } catch {
          // Not built or being replaced: the shell then learns the rest from the manifest itself.
        }
      }
      const index = readFileSync(indexFile, 'utf8');
      const boot = bootData(config, manifests);
      const page = withBootData(index, boot);
      const snapshot = mtimeOf(firstPaintFile) < 0 ? undefined : parseFirstPaint(readFileSync(firstPaintFile, 'utf8'));
      const session = encode(page);
      const drawn = snapshot ? currentPages(snapshot, index, boot) : [];
      // No current drawing (none made, or its remote redeployed since): visitors get the same page.
      pages = {
        session,
        visitor: snapshot && drawn.length > 0 ? encode(withFirstPaint(page, snapshot, drawn)) : session,
      };
      stamp = current;
    }
    return pages;
  };
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allowed = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return undefined;
}
