import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BFF_ROOT } from '../src/config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bff-server-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: BFF_ROOT,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', SERVE_STATIC: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, output: () => output };
}

describe('server process', () => {
  it('fails fast with a clear message on a bad configuration', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exit).toBe(1);
    expect(server.output()).toMatch(/PORT must be an integer/);
  });

  it('starts on PGlite, logs its URL, and exits cleanly on SIGTERM (database closed)', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'server-test-password' });
    // Generous: a busy two-core machine has taken over 45 s to open PGlite and migrate.
    const deadline = Date.now() + 100_000;
    while (!server.output().includes('portal on http')) {
      if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(server.output());
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(server.output()).toContain(`portal on http://127.0.0.1:${port} · database: PGlite`);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(0);
  }, 120_000);
});
