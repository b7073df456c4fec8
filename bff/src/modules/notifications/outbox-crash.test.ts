// Issue 28: the outbox survives a SIGKILL between the write and the delivery. The compiled server
// writes an event with what caused it (a ticket) while delivery waits; it is killed; started again,
// it delivers that event to the webhook exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeResponse, encodeRequest } from '@portal/contracts';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/build-test-app.js';
import { BFF_ROOT } from '../../config.js';
import { startWebhookReceiver } from './testing/fake-receivers.js';

const work = mkdtempSync(path.join(tmpdir(), 'bff-outbox-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const USER = { email: 'outbox@example.com', password: 'outbox-password-1' };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function start(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; exited: Promise<unknown> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: BFF_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SERVE_STATIC: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 100_000;
  while (
    (await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, exited };
}

describe(`the outbox across a SIGKILL on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('delivers the event written before the kill, once', async () => {
    const hook = await startWebhookReceiver();
    const seedFile = path.join(work, 'seed.json');
    writeFileSync(
      seedFile,
      JSON.stringify({
        users: [USER],
        settings: { webhook_url: hook.url, webhook_secret: 'outbox-secret', notice_show: false },
      }),
    );
    const postgres: TestDatabase | undefined = onPostgres ? await createTestDatabase() : undefined;
    const database: Record<string, string> =
      postgres === undefined
        ? { DATA_DIR: path.join(work, 'data'), DATABASE_URL: '' }
        : { DATABASE_URL: (postgres.config as { url: string }).url };
    try {
      // Delivery would wait an hour: the event stays in the outbox.
      const first = await start({ ...database, SEED_FILE: seedFile, NOTIFY_INTERVAL_MS: '3600000' });
      const login = await fetch(`${first.base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(encodeRequest({ email: USER.email, password: USER.password })),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const created = await fetch(`${first.base}/api/feedback/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(encodeRequest({ title: '断电之前', desc: '写入后立即被杀' })),
      });
      expect(decodeResponse(await created.json()).code).toBe(0);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(hook.received).toHaveLength(0);

      const second = await start({ ...database, NOTIFY_INTERVAL_MS: '200' });
      try {
        await vi.waitFor(() => expect(hook.received.length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
        // Several more runs: nothing is sent twice.
        await new Promise((r) => setTimeout(r, 1500));
        const events = hook.received.map((r) => JSON.parse(r.body) as { event: string; data: { title: string } });
        expect(events.filter((e) => e.event === 'ticket.created').map((e) => e.data.title)).toEqual(['断电之前']);
        expect(new Set(hook.received.map((r) => r.headers['x-webhook-id'])).size).toBe(hook.received.length);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      await hook.close();
      await postgres?.dispose();
    }
    // Two starts of the compiled server (migrations, seed, password hashing): 8 s alone, several
    // times that while the rest of the suite and the e2e run share two cores.
  }, 150_000);
});
