// Second origin for the e2e run: serves a deployed copy of mf-tutorials, as a CDN would.
import { cpSync, rmSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { e2eEnv, repoRoot } from './env.ts';
import { startStaticServer } from '../../scripts/lib/static-server.mjs';

rmSync(e2eEnv.remoteHostDir, { recursive: true, force: true });
mkdirSync(path.dirname(e2eEnv.remoteHostDir), { recursive: true });
cpSync(path.join(repoRoot, 'mf-tutorials/dist'), e2eEnv.remoteHostDir, { recursive: true });
const server = await startStaticServer({ mounts: { '/': e2eEnv.remoteHostDir }, port: e2eEnv.remotePort });
console.log(`remote host on ${server.url}`);
