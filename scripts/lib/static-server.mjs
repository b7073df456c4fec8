// A small static file server for e2e fixtures (a remote hosted on another origin, as a CDN
// would): CORS so remotes work cross-origin, the build's precompressed .br/.gz copies when the
// browser accepts them (with Vary: Accept-Encoding), ETags answered with 304, hashed files
// cached for good and everything else revalidated. Optionally a portal-config.json.
import http from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

const CONTENT_HASH = /[.-][0-9a-f]{8,}\./i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

async function exists(file) {
  return fs.stat(file).then(
    (stat) => stat.isFile(),
    () => false,
  );
}

/** The precompressed copy the client accepts (brotli, then gzip), else the file itself. */
async function pickFile(file, acceptEncoding) {
  const accepts = (name) => new RegExp(`(^|[,\\s])${name}(?!;q=0(\\.0*)?\\b)`, 'i').test(acceptEncoding);
  if (accepts('br') && (await exists(`${file}.br`))) return { file: `${file}.br`, encoding: 'br' };
  if (accepts('gzip') && (await exists(`${file}.gz`))) return { file: `${file}.gz`, encoding: 'gzip' };
  if (!(await exists(file))) throw new Error('not found');
  return { file, encoding: undefined };
}

/**
 * @param {{ mounts: Record<string, string>, config?: object, port?: number }} options
 *   mounts: URL prefix → folder, longest prefix wins (e.g. { '/': 'shell/dist' })
 */
export async function startStaticServer({ mounts, config, port = 0 }) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server = http.createServer(async (req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (url === '/portal-config.json' && config) {
      res.setHeader('content-type', TYPES['.json']);
      res.end(JSON.stringify(config));
      return;
    }
    const prefix = prefixes.find((p) => url.startsWith(p));
    if (!prefix) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const rest = url.slice(prefix.length) || 'index.html';
    const root = path.resolve(mounts[prefix]);
    const file = path.resolve(root, rest.replace(/^\/+/, '') || 'index.html');
    if (!file.startsWith(root)) {
      res.statusCode = 403;
      res.end();
      return;
    }
    try {
      const { file: sent, encoding } = await pickFile(file, String(req.headers['accept-encoding'] ?? ''));
      const stat = await fs.stat(sent);
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.setHeader('cache-control', CONTENT_HASH.test(path.basename(file)) ? IMMUTABLE : 'no-cache');
      res.setHeader('vary', 'accept-encoding');
      res.setHeader('etag', etag);
      if (encoding) res.setHeader('content-encoding', encoding);
      if (req.headers['if-none-match'] === etag) {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.end(await fs.readFile(sent));
    } catch {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
