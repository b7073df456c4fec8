// A small static file server for build measurements and e2e fixtures (a remote hosted on
// another origin). It serves the built shell at /, each remote under /remotes/<folder>/,
// and a portal-config.json pointing at them, with CORS so remotes work cross-origin.
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
      const body = await fs.readFile(file);
      res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
      res.setHeader('cache-control', 'no-cache');
      res.end(body);
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
