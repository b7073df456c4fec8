import { describe, expect, it } from 'vitest';
// The spec sits beside the project (../shared), as on every machine that runs the tests.
import spec2Text from '../../../../shared/spec/spec-2-shop-user-pages-admin.md?raw';
import { messages } from './messages.js';
import { profileMessages } from './profile.js';

/**
 * Strings the spec quotes in Chinese, checked against the spec document itself: each constant must
 * be the text the spec gives on the line that says where it is shown.
 */
const spec2 = spec2Text.split('\n');

/** The one spec line that starts with `anchor` (after the list marker). */
function specLine(anchor: string): string {
  const found = spec2.filter((line) => line.replace(/^- /, '').startsWith(anchor));
  expect(found, `one spec-2 line starting with "${anchor}"`).toHaveLength(1);
  return found[0]!;
}

describe('user-visible strings are the spec-2 texts', () => {
  it.each([
    ['the subscription copy', messages.subscription.copied],
    ['the Apple ID copy', messages.appleId.copied],
    ['the profile copy', profileMessages.copied],
  ])('%s success toast', (_where, text) => {
    expect(specLine('Copy failure:')).toContain(`Success: ${text}.`);
  });

  it('copy failure', () => {
    expect(specLine('Copy failure:')).toContain(`Copy failure: ${messages.subscription.copyFailed} `);
  });

  it('the Apple ID page when not logged in', () => {
    expect(specLine('Apple ID page:')).toContain(`not logged in ${messages.appleId.loginFirst};`);
  });
});
