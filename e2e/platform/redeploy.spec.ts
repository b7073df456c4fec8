import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { e2eEnv, repoRoot } from '../support/env';

test('a remote rebuilt with a changed text is picked up by the unchanged shell', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/#/flclash_for_pc');
  // Each build of a remote stamps its pages with its build label (PORTAL_BUILD_LABEL).
  const area = page.locator('[data-remote="mf_tutorials"]');
  await expect(area).toBeVisible();
  await expect(area).not.toHaveAttribute('data-build', /redeploy-/);
  const shellHtml = await (await page.request.get('/')).text();

  const label = `redeploy-${Date.now()}`;
  const out = mkdtempSync(path.join(os.tmpdir(), 'mf-tutorials-'));
  execFileSync('npm', ['run', 'build', '-w', 'mf-tutorials'], {
    cwd: repoRoot,
    env: { ...process.env, PORTAL_DIST_DIR: out, PORTAL_BUILD_LABEL: label },
    stdio: 'ignore',
  });
  // Deploy: replace the files the remote's origin serves.
  rmSync(e2eEnv.remoteHostDir, { recursive: true, force: true });
  cpSync(out, e2eEnv.remoteHostDir, { recursive: true });
  rmSync(out, { recursive: true, force: true });

  await page.reload();
  await expect(area).toHaveAttribute('data-build', label);
  expect(await (await page.request.get('/')).text()).toBe(shellHtml);
});
