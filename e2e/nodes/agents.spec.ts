// The node list (/agents) with real data: nodes seeded with secrets (e2e/support/seed.json) report
// their latency through the node API, and the page shows each one coloured by the spec's thresholds.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Locator } from '@playwright/test';
import { expect, test } from '../support/test';
import { repoRoot } from '../support/env';

interface SeedAgent {
  id: string;
  name: string;
  secret: string;
}
const seed = JSON.parse(readFileSync(path.join(repoRoot, 'e2e/support/seed.json'), 'utf8')) as { agents: SeedAgent[] };
const agent = (id: string) => seed.agents.find((a) => a.id === id)!;

const reports = [
  { id: 'e2e-node-green', latency: 88, text: '88 ms', colour: 'green' },
  { id: 'e2e-node-yellow', latency: 176, text: '176 ms', colour: 'yellow' },
  { id: 'e2e-node-red', latency: 245, text: '245 ms', colour: 'red' },
] as const;

/** The badge's rendered background as [r, g, b]. */
async function background(badge: Locator): Promise<[number, number, number]> {
  const css = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r ?? 0, g ?? 0, b ?? 0];
}

test.beforeAll(async ({ request }) => {
  for (const report of reports) {
    const { id, secret } = agent(report.id);
    const response = await request.post(`/api/v1/server/UniProxy/status`, {
      params: { node_id: id, token: secret },
      data: { version: 'e2e', load: 0.1, latency: report.latency },
    });
    expect(response.status()).toBe(200);
  }
});

test('the node list shows what the nodes reported, coloured by latency', async ({ page }) => {
  await page.goto('/#/agents');
  await expect(page.getByTestId('agent-types')).toContainText('Reality 节点');
  for (const report of reports) {
    const card = page.locator(`[data-agent-id="${report.id}"]`);
    await expect(card.getByTestId('agent-name')).toHaveText(agent(report.id).name);
    const badge = card.getByTestId('agent-latency');
    await expect(badge).toHaveText(report.text);
    await expect(badge).toHaveAttribute('data-latency-colour', report.colour);
  }
  const [gr, gg] = await background(page.locator('[data-agent-id="e2e-node-green"]').getByTestId('agent-latency'));
  const [rr, rg] = await background(page.locator('[data-agent-id="e2e-node-red"]').getByTestId('agent-latency'));
  expect(gg).toBeGreaterThan(gr);
  expect(rr).toBeGreaterThan(rg);
});

test('a wrong node secret is refused and changes nothing', async ({ page, request }) => {
  const response = await request.post(`/api/v1/server/UniProxy/status`, {
    params: { node_id: 'e2e-node-green', token: 'not-the-secret' },
    data: { latency: 999 },
  });
  expect(response.status()).toBe(401);
  await page.goto('/#/agents');
  await expect(page.locator('[data-agent-id="e2e-node-green"]').getByTestId('agent-latency')).toHaveText('88 ms');
});

test('375 px: one column, no horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/#/agents');
  await expect(page.getByTestId('agent-card').first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const boxes = await page
    .getByTestId('agent-card')
    .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().left));
  expect(new Set(boxes.map(Math.round)).size).toBe(1);
});
