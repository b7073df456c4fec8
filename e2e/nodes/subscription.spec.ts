// A subscription link copied from the dashboard downloads a configuration that parses and lists
// the seeded nodes (e2e/support/seed.json).
import { expect, test } from '../support/test';
import { messages, userMessages } from '@portal/contracts';
import { parse } from 'yaml';
import { loginAs } from '../support/session';
import { expectToast } from '../support/ui';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the FLClash link copied from the dashboard is a Clash configuration with the nodes', async ({
  page,
  request,
}) => {
  await loginAs(page, 'paid@e2e.test', 'paid-password-1');
  await page.goto('/#/');
  await page.getByTestId('client-flclash').getByRole('button', { name: userMessages.startUsing.subscribe }).click();
  const menu = page.getByRole('dialog', { name: `FLClash ${userMessages.startUsing.subscribe}` });
  await menu.getByRole('button', { name: userMessages.menu.copy }).click();
  await expectToast(page, messages.subscription.copied);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/api\/subscript\/[a-z]+\/[0-9a-f]{24}\/[0-9a-f]+/);

  const response = await request.get(link);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(response.headers()['subscription-userinfo']).toMatch(/upload=\d+; download=\d+; total=\d+; expire=\d+/);
  const config = parse(await response.text()) as {
    proxies: Array<{ name: string; type: string; server: string; port: number }>;
    'proxy-groups': unknown[];
  };
  const names = config.proxies.map((p) => p.name).join('\n');
  for (const name of ['E2E 日本', 'E2E 香港', 'E2E 美国']) expect(names).toContain(name);
  for (const proxy of config.proxies) {
    expect(proxy.type).toMatch(/^(vmess|vless|ss)$/);
    expect(proxy.port).toBeGreaterThan(0);
  }
  expect(config['proxy-groups'].length).toBeGreaterThan(0);
});
