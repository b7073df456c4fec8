// Other origins for the e2e run: deployed copies of mf-tutorials and of mf-admin, each on its own
// static host, as a CDN would serve them.
import { cpSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv, repoRoot } from './env.ts';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';

const hosts = [
  { app: 'mf-tutorials', dir: e2eEnv.remoteHostDir, port: e2eEnv.remotePort },
  { app: 'mf-admin', dir: e2eEnv.adminHostDir, port: e2eEnv.adminHostPort },
];
for (const { app, dir, port } of hosts) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  cpSync(path.join(repoRoot, app, 'dist'), dir, { recursive: true });
  const server = await startStaticServer({ mounts: { '/': dir }, port });
  console.log(`${app} hosted on ${server.url}`);
}
