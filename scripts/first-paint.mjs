// The first paint of the entry pages (`npm run build` runs it last; `node scripts/first-paint.mjs`
// after deploying a remote on its own): opens `/#/login` and `/` of the built portal as a
// visitor in Chromium, with every API call held, and records the page exactly as the app draws it
// first (its DOM and the CSS rules the app inserted). The BFF inlines it into the page it serves
// to visitors, so a phone shows a form that can be typed into before the scripts have run; the
// app takes over the moment it has drawn the same page (shell/src/app/first-paint.ts).
// Written to shell/dist/first-paint.json with the scripts each page was drawn by: the BFF drops a
// page whose remote has been redeployed since (bff/src/lib/first-paint.ts).
import { writeFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { withUsedTokens } from './lib/first-paint-css.mjs';
import { startPortal } from './lib/portal-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'shell', 'dist', 'first-paint.json');

/** The pages drawn ahead, by route path, and the element that says the app has drawn them. */
const PAGES = [
  { route: '/login', hash: '#/login', ready: 'input[type="password"]' },
  { route: '/', hash: '', ready: '[data-testid="start-using-card"]' },
];

if (!existsSync(chromiumLaunchOptions.executablePath)) {
  rmSync(output, { force: true });
  console.warn(`first paint: ${chromiumLaunchOptions.executablePath} not found, pages are drawn by the scripts alone`);
  process.exit(0);
}

/** In the page: the drawn page, the CSS the app inserted, and the scripts it ran. */
function capture() {
  const rootElement = document.getElementById('root');
  const rules = [];
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) rules.push(rule.cssText);
  }
  return {
    html: rootElement.innerHTML,
    css: rules,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname),
  };
}

// The drawing of an earlier run goes first: the portal started below would inline it, the app
// would take it over, and the capture would record the take-over instead of the app's own first
// frame (a second run drew 1.7 KB pages instead of 3.0 and 13.7 KB). Instances serving meanwhile
// show no drawing until the new one is written (they watch the file).
rmSync(output, { force: true });
const portal = await startPortal();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const pages = [];
  for (const target of PAGES) {
    // A phone, as most visitors are; the CSS keeps its media queries for other widths.
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    // Held, never answered: the drawing is the one a visitor sees before any answer arrives.
    await context.route('**/api/**', () => undefined);
    const page = await context.newPage();
    await page.goto(`${portal.url}/${target.hash}`);
    await page.waitForSelector(target.ready);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const drawn = await page.evaluate(capture);
    await context.close();
    pages.push({ route: target.route, ...drawn });
  }
  // One stylesheet for all pages (most rules are shared): the first page's order, then the rest,
  // without the rules of class names neither drawing uses (Emotion keeps every rule it inserted).
  const drawnHtml = pages.map((page) => page.html).join('');
  const used = (rule) => {
    const classes = rule.match(/\.css-[a-z0-9]+/g);
    return !classes || classes.some((name) => drawnHtml.includes(name.slice(1)));
  };
  const css = withUsedTokens([...new Set(pages.flatMap((page) => page.css))].filter(used)).join('\n');
  const snapshot = {
    version: 1,
    css,
    pages: pages.map(({ route, html, scripts }) => ({ route, html, scripts: [...new Set(scripts)].sort() })),
  };
  writeFileSync(output, JSON.stringify(snapshot));
  const kb = (text) => `${(Buffer.byteLength(text) / 1000).toFixed(1)} KB`;
  console.log(
    `first paint: ${pages.map((p) => `${p.route} ${kb(p.html)}`).join(', ')}, css ${kb(css)} → ${path.relative(root, output)}`,
  );
} finally {
  await browser.close();
  await portal.close();
}
