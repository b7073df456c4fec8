// axe on the page as a visitor sees it once it is still: the one way the specs check accessibility.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeScope {
  /** A CSS selector the check is limited to (a remote's area, a section); the whole page without. */
  include?: string;
  /** Rules to turn on beyond axe's defaults (experimental ones such as label-content-name-mismatch). */
  enable?: string[];
}

/**
 * Waits until no finite CSS transition or animation is running (endless ones, a skeleton's
 * shimmer or the menu's pulsing hint, never finish and are left alone). A button enabled as its
 * data arrives fades from Chakra's disabled opacity over 200 ms; axe measuring contrast mid-fade
 * reports a colour the visitor never settles on (seen once on /admin_agentLines' 新增).
 */
async function settled(page: Page) {
  const running = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
    );
  await expect.poll(running, { message: 'transitions finished before axe', timeout: 5_000 }).toBe(0);
}

/** The serious and critical violations, each with the nodes it names and why. */
export async function seriousViolations(page: Page, { include, enable = [] }: AxeScope = {}): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (enable.length > 0)
    builder = builder.options({ rules: Object.fromEntries(enable.map((id) => [id, { enabled: true }])) });
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')}`,
    );
}

/** No serious or critical violation in `scope`; `what` names the screen in the report. */
export async function expectAccessible(page: Page, what: string, scope: AxeScope = {}) {
  expect(await seriousViolations(page, scope), what).toEqual([]);
}
