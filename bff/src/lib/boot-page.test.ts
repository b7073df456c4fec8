import { describe, expect, it } from 'vitest';
import { pickEncoding, withBootData } from './boot-page.js';
import type { BootData } from '@portal/contracts';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('withBootData', () => {
  const data = { config: { productName: '</script><script>alert(1)</script>' } } as unknown as BootData;
  const html =
    '<html><head><link rel="preload" href="/portal-config.json" as="fetch" crossorigin="use-credentials" /><title>x</title></head><body></body></html>';

  it('inlines the data as a JSON block that cannot close its script element, and drops the config preload', () => {
    const page = withBootData(html, data);
    expect(page).not.toContain('portal-config.json');
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script type="application\/json" id="portal-boot">(.*)<\/script><\/head>/.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual(data);
  });

  it('keeps replacement patterns in the data ($& and the like) as text', () => {
    const patterned = { config: { productName: "$& $` $' $$" } } as unknown as BootData;
    const page = withBootData(html, patterned);
    const json = /<script type="application\/json" id="portal-boot">(.*)<\/script><\/head>/.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual(patterned);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });
});
