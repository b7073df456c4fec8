import { describe, expect, it } from 'vitest';
import { withFirstPaint, type CurrentPage, type FirstPaintSnapshot } from './first-paint.js';

describe('withFirstPaint', () => {
  const html = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';

  it('keeps replacement patterns in the CSS and the pages ($& and the like) as text', () => {
    const css = '.a::after { content: "$& $` $\' $$"; }';
    const page: CurrentPage = { route: '/', html: "<p>$& $` $' $$</p>", manifest: '/m.json', scripts: [] };
    const snapshot: FirstPaintSnapshot = { version: 1, css, pages: [{ route: '/', html: page.html, scripts: [] }] };
    const out = withFirstPaint(html, snapshot, [page]);
    expect(out).toContain(`<style id="first-paint-style">${css}</style></head>`);
    expect(out).toContain(`<div id="root"></div><template data-first-paint="/">${page.html}</template><script>`);
    expect(out.match(/<\/head>/g)).toHaveLength(1);
    expect(out.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });
});
