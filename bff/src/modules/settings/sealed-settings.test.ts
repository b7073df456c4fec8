// Secret settings at rest (lib/sealed.ts): with DATA_KEY set, the epay keys, the bot token and the
// webhook secret are sealed in the settings table, so a copy of the database or a backup does not
// give them away; the portal reads them as before. Rows written before the key are sealed at the
// next start; under another key they read as unset, and the log says so.
import { randomBytes } from 'node:crypto';
import { SECRET_MASK } from '@portal/contracts/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, LogCapture } from '../../../test/build-test-app.js';

const DATA_KEY = randomBytes(32).toString('hex');
const TOKEN = '123456789:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const EPAY = { yi: { gateway: 'https://pay.example.com/', pid: '1001', key: 'yi-secret-key' } };
const database = await createTestDatabase();

afterAll(async () => {
  await database.dispose();
});

const rows = async () =>
  Object.fromEntries(
    (
      await database.query<{ key: string; value: unknown }>(
        `SELECT key, value FROM settings WHERE key IN ('telegram_bot_token', 'webhook_secret', 'epay_platforms', 'webhook_url')`,
      )
    ).map((row) => [row.key, JSON.stringify(row.value)]),
  );

describe('secret settings sealed under DATA_KEY', () => {
  it('seals rows stored before the key at the next start, reads them as before, and keeps a masked key sealed', async () => {
    const before = await buildTestApp({ database });
    await before.settings.set({
      telegram_bot_token: TOKEN,
      webhook_secret: 'hook-secret',
      webhook_url: 'https://hooks.example.com/portal',
      epay_platforms: EPAY,
    });
    expect((await rows()).telegram_bot_token).toContain(TOKEN);
    await before.close();

    const app = await buildTestApp({ database, env: { DATA_KEY } });
    try {
      const stored = await rows();
      for (const [key, secret] of [
        ['telegram_bot_token', TOKEN],
        ['webhook_secret', 'hook-secret'],
        ['epay_platforms', 'yi-secret-key'],
      ] as const) {
        expect(stored[key], key).toContain('sealed:v1:');
        expect(stored[key], key).not.toContain(secret);
      }
      // What is not secret stays readable: the gateway and the webhook's address.
      expect(stored.epay_platforms).toContain('https://pay.example.com/');
      expect(stored.webhook_url).toContain('hooks.example.com');

      expect(await app.settings.getMany(['telegram_bot_token', 'webhook_secret', 'epay_platforms'])).toEqual({
        telegram_bot_token: TOKEN,
        webhook_secret: 'hook-secret',
        epay_platforms: EPAY,
      });
      // The screen sends the key back masked: it is kept, still sealed, and still the same key.
      await app.settings.setFromAdmin({ epay_platforms: { yi: { ...EPAY.yi, pid: '1002', key: SECRET_MASK } } });
      expect((await rows()).epay_platforms).not.toContain('yi-secret-key');
      expect(await app.settings.get('epay_platforms')).toEqual({ yi: { ...EPAY.yi, pid: '1002' } });
      // A new value is sealed as it is written.
      await app.settings.set({ webhook_secret: 'next-secret' });
      expect((await rows()).webhook_secret).not.toContain('next-secret');
      expect(await app.settings.get('webhook_secret')).toBe('next-secret');
    } finally {
      await app.close();
    }

    // A new key, the old one given as DATA_KEY_PREVIOUS: the rows are sealed again under the new
    // key at start; then the new key alone reads them.
    const NEXT_KEY = randomBytes(32).toString('hex');
    const sealedBefore = (await rows()).telegram_bot_token;
    const changing = await buildTestApp({ database, env: { DATA_KEY: NEXT_KEY, DATA_KEY_PREVIOUS: DATA_KEY } });
    await changing.close();
    expect((await rows()).telegram_bot_token).not.toBe(sealedBefore);
    const next = await buildTestApp({ database, env: { DATA_KEY: NEXT_KEY } });
    try {
      expect(await next.settings.get('telegram_bot_token')).toBe(TOKEN);
      expect(await next.settings.get('epay_platforms')).toEqual({ yi: { ...EPAY.yi, pid: '1002' } });
    } finally {
      await next.close();
    }

    // Under another key the secrets do not open: they read as unset, and the log says which.
    const logs = new LogCapture();
    const other = await buildTestApp({ database, env: { DATA_KEY: randomBytes(32).toString('hex') }, logs });
    try {
      expect(await other.settings.get('telegram_bot_token')).toBe('');
      expect(logs.lines.some((line) => line.key === 'telegram_bot_token')).toBe(true);
      expect(JSON.stringify(logs.lines)).not.toContain(TOKEN);
    } finally {
      await other.close();
    }
  });
});
