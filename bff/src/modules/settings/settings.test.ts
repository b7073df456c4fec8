import { Codes, type HostInfo, type UserInfo } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser } from '../../../test/api.js';
import { buildTestApp, LogCapture } from '../../../test/build-test-app.js';
import { DomainError } from '../../lib/domain-error.js';
import { settingDefinitions, settingKeys } from './definitions.js';

let app: FastifyInstance;
const logs = new LogCapture();

beforeAll(async () => {
  app = await buildTestApp({
    env: { PUBLIC_BASE_URL: 'https://portal.example.com', DESCRIBE_HOST: 'https://sub.example.com' },
    logs,
  });
});

afterAll(async () => {
  await app.close();
});

describe('settings', () => {
  it('have a default for every key, each valid for its own definition', async () => {
    const { Value } = await import('@sinclair/typebox/value');
    for (const key of settingKeys)
      expect(Value.Check(settingDefinitions[key].schema, settingDefinitions[key].default), key).toBe(true);
    expect(await app.settings.getMany(['signUseRewardTraffic', 'continueSignUseDay', 'continueSignReward'])).toEqual({
      signUseRewardTraffic: 200,
      continueSignUseDay: 30,
      continueSignReward: 1024,
    });
    expect(Object.keys(await app.settings.all())).not.toContain('demo_data_applied');
  });

  it('are validated before anything is stored', async () => {
    await expect(app.settings.set({ continueSignUseDay: 0 })).rejects.toBeInstanceOf(DomainError);
    await expect(app.settings.set({ notice_show: 'yes' })).rejects.toMatchObject({ code: Codes.INVALID_PAYLOAD });
    await expect(app.settings.set({ signUseRewardTraffic: 10, nonsense: 1 })).rejects.toMatchObject({
      message: '未知的设置项：nonsense',
    });
    await expect(app.settings.set({ chat_group_url: 'javascript:alert(1)' })).rejects.toMatchObject({
      code: Codes.INVALID_PAYLOAD,
    });
    expect(await app.settings.get('signUseRewardTraffic')).toBe(200);
  });

  it('read a stored value that no longer fits as the default, with a warning', async () => {
    await app.database.query(`INSERT INTO settings (key, value) VALUES ('notice_day_interval', '"weekly"')`);
    expect(await app.settings.get('notice_day_interval')).toBe(1);
    expect(logs.lines.some((l) => l.level === 40 && l.key === 'notice_day_interval')).toBe(true);
    await app.database.query(`DELETE FROM settings WHERE key = 'notice_day_interval'`);
  });
});

describe('host/get', () => {
  it('answers the preferred domain and the announcement to anyone, with the defaults filled in', async () => {
    const { status, result } = await call<HostInfo>(app, '/api/host/get');
    expect(status).toBe(200);
    expect(result.data).toEqual({
      preferDomain: '',
      inviteOnly: false,
      notice: {
        notice_show: false,
        notice_mark_red: false,
        notice_title: '',
        notice_content: '',
        notice_day_interval: 1,
        entry_url: 'https://portal.example.com',
        contact: '',
        chat_group_url: '',
      },
    });
  });

  it('reflects changed settings at once', async () => {
    await app.settings.set({
      preferDomain: 'www.example.com',
      notice_show: true,
      notice_mark_red: true,
      notice_title: '重要通知',
      notice_content: '<script>x</script> 春节期间客服回复可能延迟',
      notice_day_interval: 3,
      entry_url: 'https://entry.example.com',
      contact: 'support@example.com',
      chat_group_url: 'https://t.me/example',
      inviteRule: true,
    });
    const { result } = await call<HostInfo>(app, '/api/host/get');
    await app.settings.set({ inviteRule: false });
    expect(result.data).toEqual({
      preferDomain: 'www.example.com',
      inviteOnly: true,
      notice: {
        notice_show: true,
        notice_mark_red: true,
        notice_title: '重要通知',
        notice_content: '<script>x</script> 春节期间客服回复可能延迟',
        notice_day_interval: 3,
        entry_url: 'https://entry.example.com',
        contact: 'support@example.com',
        chat_group_url: 'https://t.me/example',
      },
    });
  });
});

describe('describe_host in user info', () => {
  it('is the user’s own, else the describe_host setting, else DESCRIBE_HOST', async () => {
    const user = await signedInUser(app);
    const describeHost = async () =>
      (await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie: user.cookie })).result.data.describe_host;
    expect(await describeHost()).toBe('https://sub.example.com');
    await app.settings.set({ describe_host: 'https://links.example.com/' });
    expect(await describeHost()).toBe('https://links.example.com');
    await app.database.query("UPDATE users SET describe_host = 'https://own.example.com' WHERE id = $1", [user.id]);
    expect(await describeHost()).toBe('https://own.example.com');
    await app.settings.set({ describe_host: '' });
  });
});

describe('content_host in user info (contentUrl_guonei, contentUrl_guowai)', () => {
  it('is where the rule files come from: the domestic content address, the overseas one for a user abroad, else empty', async () => {
    const user = await signedInUser(app);
    const contentHost = async () =>
      (await call<UserInfo>(app, '/api/user/userinfo', {}, { cookie: user.cookie })).result.data.content_host;
    expect(await contentHost()).toBe('');
    await app.settings.set({
      contentUrl_guonei: 'https://rules.example.cn/',
      contentUrl_guowai: 'https://rules.example.com',
    });
    try {
      expect(await contentHost()).toBe('https://rules.example.cn');
      const abroad = await call(app, '/api/user/change_use_info', { in_foreign: true }, { cookie: user.cookie });
      expect(abroad.result.code, abroad.result.msg).toBe(0);
      expect(await contentHost()).toBe('https://rules.example.com');
    } finally {
      await app.settings.set({ contentUrl_guonei: '', contentUrl_guowai: '' });
    }
  });
});
