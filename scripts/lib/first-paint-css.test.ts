import { describe, expect, it } from 'vitest';
import { withUsedTokens } from './first-paint-css.mjs';

const tokens = [
  '@layer tokens {',
  '  :where(html, .chakra-theme) { --chakra-colors-blue-500: #3b82f6; --chakra-colors-pink-500: #ec4899; --chakra-radii-l2: var(--chakra-radii-md); --chakra-radii-md: 0.375rem; --chakra-sizes-unused: 1px; }',
  '  :root, .light { --chakra-colors-fg: var(--chakra-colors-blue-500); color-scheme: light; }',
  '  .dark, .dark .chakra-theme:not(.light) { --chakra-colors-fg: var(--chakra-colors-pink-500); }',
  '}',
].join('\n');

describe("the first paint's stylesheet", () => {
  it('keeps the tokens the rules use, through other tokens too, and drops the rest and the dark mode', () => {
    const rules = [
      '@layer reset, base, tokens, recipes;',
      tokens,
      '@layer recipes {\n  .css-a { color: var(--chakra-colors-fg); border-radius: var(--chakra-radii-l2); }\n}',
    ];
    const out = withUsedTokens(rules);
    expect(out[0]).toBe(rules[0]);
    expect(out[2]).toBe(rules[2]);
    const layer = out[1]!;
    for (const kept of [
      '--chakra-colors-fg: var(--chakra-colors-blue-500)',
      '--chakra-colors-blue-500: #3b82f6',
      '--chakra-radii-l2',
      '--chakra-radii-md: 0.375rem',
      'color-scheme: light',
    ]) {
      expect(layer).toContain(kept);
    }
    for (const dropped of ['--chakra-colors-pink-500', '--chakra-sizes-unused', '.dark'])
      expect(layer).not.toContain(dropped);
  });

  it('leaves a stylesheet without a token layer as it is', () => {
    const rules = ['.css-a { color: red; }'];
    expect(withUsedTokens(rules)).toEqual(rules);
  });
});
