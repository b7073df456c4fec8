// Starts the all-in-one BFF (what users hit) on a free port with a throwaway data directory, for
// measurements. Runs the compiled server (bff/dist) when it exists, else the sources through tsx.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The command that runs the BFF: compiled JavaScript when built, the TypeScript sources otherwise. */
export function bffCommand() {
  const compiled = path.join(root, 'bff/dist/server.js');
  return existsSync(compiled) ? [compiled] : ['--import', 'tsx', path.join(root, 'bff/src/server.ts')];
}

/**
 * @param {{ env?: Record<string, string>, timeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startPortal({ env = {}, timeoutMs = 90_000 } = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
  const child = spawn(process.execPath, bffCommand(), {
    cwd: path.join(root, 'bff'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: 'measure@localhost',
      ADMIN_PASSWORD: 'measure-password-not-secret',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await close();
      throw new Error(`portal server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await close();
      throw new Error(`portal server not ready after ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, close };
}
