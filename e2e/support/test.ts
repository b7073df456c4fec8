// The suite's `test`: Playwright's, with every browser context recording the toasts its pages show.
import { test as base, expect, type BrowserContext } from '@playwright/test';

export { expect };

declare global {
  interface Window {
    /** The text of every toast this document has shown, oldest first (see support/ui.ts expectToast). */
    __toastsShown?: string[];
  }
}

/**
 * Runs in every document before its scripts: notes each toast the moment it opens. A toast lasts
 * 2 s (the spec); on a busy machine a step can return after it has gone, and the test still knows
 * it was shown.
 */
function recordToasts() {
  if (window.__toastsShown) return;
  const shown: string[] = (window.__toastsShown = []);
  const noted = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const toast of Array.from(document.querySelectorAll('[data-testid="toast"][data-state="open"]'))) {
      if (noted.has(toast)) continue;
      noted.add(toast);
      shown.push(toast.textContent ?? '');
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
}

async function recording(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(recordToasts);
  return context;
}

export const test = base.extend({
  context: async ({ context }, provide) => provide(await recording(context)),
  // Contexts a test opens itself (a second user, a visitor) record too.
  browser: [
    async ({ browser }, provide) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => recording(await newContext(options));
      await provide(browser);
    },
    { scope: 'worker' },
  ],
});
