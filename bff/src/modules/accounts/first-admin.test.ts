import { afterEach, describe, expect, it } from 'vitest';
import { login } from '../../../test/api.js';
import { buildTestApp, createTestDatabase, LogCapture, type TestDatabase } from '../../../test/build-test-app.js';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

const PASSWORD_IN_LOG = /Password: (\S+)/;

describe('first admin without a configured password', () => {
  it('generates a strong password, prints it once with the e-mail, and prints nothing on the next start', async () => {
    database = await createTestDatabase();
    const env = { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined };

    const firstLogs = new LogCapture();
    const first = await buildTestApp({ database, env, logs: firstLogs });
    const announcements = firstLogs.lines.filter((l) => PASSWORD_IN_LOG.test(String(l.msg)));
    expect(announcements).toHaveLength(1);
    const line = announcements[0]!;
    expect(line.level).toBe(40); // warn
    expect(String(line.msg)).toContain('admin@localhost');
    const password = PASSWORD_IN_LOG.exec(String(line.msg))![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(firstLogs.lines.filter((l) => JSON.stringify(l).includes(password))).toHaveLength(1);
    expect(await login(first, 'admin@localhost', password)).toMatch(/^sid=/);
    await first.close();

    const secondLogs = new LogCapture();
    const second = await buildTestApp({ database, env, logs: secondLogs });
    expect(secondLogs.lines.some((l) => PASSWORD_IN_LOG.test(String(l.msg)))).toBe(false);
    expect(secondLogs.lines.some((l) => JSON.stringify(l).includes(password))).toBe(false);
    const admins = await second.database.query(
      "SELECT u.email, u.id = (SELECT value #>> '{}' FROM settings WHERE key = 'admin_id') AS owner FROM staff_members s JOIN users u ON u.id = s.user_id WHERE s.role_id = 'admin'",
    );
    // The first admin is appointed in staff_members and is the owner (admin_id).
    expect(admins).toEqual([{ email: 'admin@localhost', owner: true }]);
    await second.close();
  });

  it('uses ADMIN_EMAIL when only the password is missing', async () => {
    database = await createTestDatabase();
    const logs = new LogCapture();
    const app = await buildTestApp({
      database,
      env: { ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: undefined },
      logs,
    });
    const line = logs.lines.find((l) => PASSWORD_IN_LOG.test(String(l.msg)));
    expect(String(line?.msg)).toContain('root@example.com');
    const password = PASSWORD_IN_LOG.exec(String(line!.msg))![1]!;
    expect(await login(app, 'root@example.com', password)).toMatch(/^sid=/);
    await app.close();
  });

  it('two generated passwords differ', async () => {
    const passwords: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const logs = new LogCapture();
      const app = await buildTestApp({ env: { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }, logs });
      passwords.push(PASSWORD_IN_LOG.exec(logs.messages().find((m) => PASSWORD_IN_LOG.test(m))!)![1]!);
      await app.close();
    }
    expect(passwords[0]).not.toBe(passwords[1]);
  });
});
