// Without SMTP the kept mails' links are logged so that sign-up works anywhere; in production
// (NODE_ENV=production) the log must not hold their keys: a log reader could confirm or reset
// any account. The development case (links logged whole) is in accounts/signup.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, confirmationLink, outboxFor } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';

let app: FastifyInstance;
const logs = new LogCapture();

beforeAll(async () => {
  app = await buildTestApp({ env: { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.example.com' }, logs });
});
afterAll(() => app.close());

describe('the outbox log in production', () => {
  it('logs a kept mail with its link key masked; the mail itself keeps the key', async () => {
    const signup = await call(app, '/api/user/signup', {
      email: 'prod.user@example.com',
      password: 'good-password',
      icon_url: '/logo.png',
      host: 'localhost',
    });
    expect(signup.result.code).toBe(0);
    const [mail] = await outboxFor(app, 'prod.user@example.com');
    const link = confirmationLink(mail!.text);
    expect(link.key.length).toBeGreaterThan(10);

    const kept = logs.lines.filter((l) => String(l.msg).startsWith('mail kept in the outbox'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      to: 'prod.user@example.com',
      links: [`https://portal.example.com/#/confirm?serial_id=${link.serial_id}&key=***&action=signup_confirm`],
    });
    expect(JSON.stringify(logs.lines)).not.toContain(link.key);
  });
});
