// Runs `npm run dev` (scripts/dev.mjs) for the dev-mode check on its own ports, on a snapshot of
// the sources in .tmp/dev-check/ws: the check edits files there to prove hot reload, and the
// snapshot keeps those edits (and other people's half-saved files) away from the working tree.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const workDir = path.join(repoRoot, '.tmp/dev-check');
export const snapshotDir = path.join(workDir, 'ws');
export const logFile = path.join(workDir, 'dev.log');

const base = Number(process.env.DEV_CHECK_PORT_BASE ?? 19000);
/** The same layout as PORTAL_DEV_PORT_BASE in @portal/build-config. */
export const devPorts = {
  shell: base,
  mf_user: base + 1,
  mf_shop: base + 2,
  mf_tutorials: base + 3,
  mf_admin: base + 4,
  bff: base + 5,
};
export const url = (port: number) => `http://localhost:${port}`;
export const admin = { email: 'admin@dev-check.test', password: 'dev-check-password-1' };

/** Folders and files of the repository root that the dev servers do not need. */
const skipAtRoot = new Set(['.git', '.tmp', '.ci', 'node_modules', 'e2e', 'storybook', 'docs', 'data', '.data']);
const skipAnywhere = new Set([
  'node_modules',
  'dist',
  'storybook-static',
  'test-results',
  'playwright-report',
  'data',
  'coverage',
]);

/** Copies the sources into the snapshot and links the workspace packages to their copies. */
export function prepareSnapshot(): void {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(snapshotDir, { recursive: true });
  for (const entry of readdirSync(repoRoot)) {
    if (skipAtRoot.has(entry)) continue;
    cpSync(path.join(repoRoot, entry), path.join(snapshotDir, entry), {
      recursive: true,
      filter: (source) => !skipAnywhere.has(path.basename(source)),
    });
  }
  // Everything else resolves from the repository's node_modules, one level up the tree.
  const scope = path.join(snapshotDir, 'node_modules/@portal');
  mkdirSync(scope, { recursive: true });
  for (const dir of readdirSync(path.join(snapshotDir, 'packages'))) {
    const manifest = JSON.parse(readFileSync(path.join(snapshotDir, 'packages', dir, 'package.json'), 'utf8')) as {
      name: string;
    };
    symlinkSync(path.join('..', '..', 'packages', dir), path.join(snapshotDir, 'node_modules', manifest.name));
  }
}

/** Replaces a file of the snapshot (never of the working tree). */
/**
 * Writes a file of the snapshot in one step: written beside the snapshot, then renamed into
 * place. A plain write truncates first, and a watcher that reads the file in between (a busy CI
 * machine) builds an empty module, which React Refresh cannot accept: the page reloads.
 */
export function writeSnapshotFile(relative: string, content: string): void {
  const file = path.join(snapshotDir, relative);
  if (!file.startsWith(snapshotDir + path.sep)) throw new Error(`${relative} is outside the snapshot`);
  mkdirSync(path.dirname(file), { recursive: true });
  const pending = path.join(workDir, 'pending-write');
  writeFileSync(pending, content);
  renameSync(pending, file);
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

export interface DevPortal {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts scripts/dev.mjs of the snapshot in its own process group. */
export function startDevPortal(): DevPortal {
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: snapshotDir,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORTAL_DEV_PORT_BASE: String(base),
      DATA_DIR: path.join(workDir, 'data'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // dev.mjs stops the dev servers and the BFF (each in its own group) on SIGTERM.
      process.kill(-child.pid!, 'SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), delay(20_000).then(() => false)]);
      if (!stopped) process.kill(-child.pid!, 'SIGKILL');
    },
  };
}

/** Waits until every URL answers 200, failing early when the dev portal exits. */
export async function waitForUrls(portal: DevPortal, urls: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size > 0) {
    if (portal.child.exitCode !== null) throw new Error(`npm run dev exited early:\n${logTail()}`);
    if (Date.now() > deadline)
      throw new Error(`not ready after ${timeoutMs} ms: ${[...pending].join(', ')}\n${logTail()}`);
    for (const address of [...pending]) {
      try {
        if ((await fetch(address, { signal: AbortSignal.timeout(2000) })).ok) pending.delete(address);
      } catch {
        // not listening yet
      }
    }
    if (pending.size > 0) await delay(250);
  }
}

export function logTail(lines = 40): string {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
