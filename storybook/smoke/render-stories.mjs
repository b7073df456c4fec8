// Renders every story of the static build (storybook-static) in Debian's Chromium, with its
// play function, and fails on a render error, a failed play function, an uncaught page
// error, or a missing expected text.
//
// Speed: each worker (SMOKE_WORKERS, default 2) is one browser context with one long-lived
// page that loads the preview once and then switches stories through Storybook's own channel
// (`setCurrentStory`), as Storybook's manager does; the preview's project loader resets the
// session, toasts, storage and cookies before every story, and MSW's loader swaps the handlers.
// A story that fails there is rendered again alone in a fresh context (a fresh page load): a
// story that passes only there is reported and fails the run too, since one story's state
// leaking into the next is a defect of the stories. Screenshots of failures only, in
// test-results/stories/.
//
// Run `npm run build` first. An argument renders only the stories whose id contains it
// (`npm run smoke -w @portal/storybook -- statisticspage`). STORYBOOK_STATIC_DIR reads another build.
import { createServer } from 'node:http';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const staticDir = path.resolve(process.env.STORYBOOK_STATIC_DIR ?? path.join(root, 'storybook-static'));
const shotDir = path.join(root, 'test-results/stories');
const workerCount = Math.max(1, Number(process.env.SMOKE_WORKERS ?? 2));
// Above the play functions' own 10 s waits (storybook/.storybook/preview.tsx), so they report first.
const storyTimeoutMs = 30_000;

/** Text that must be on the page once the story has finished, by story id. */
const expectedText = {
  'ui-emptystate--default': '暂无记录',
  'ui-regionerror--with-retry': '重试',
  'ui-toast--success': '操作成功',
  'mf-user-dashboardpage--visitor': '登录后即可获取订阅链接。',
  'mf-user-dashboardpage--logged-in': 'demo@example.com',
  'mf-user-dashboardpage--logged-in-from-network': 'network@example.com',
};

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

// Static files only; anything else (an unmocked /api call) gets a 404 like a missing BFF. The
// hashed files under static/ are cached for good, the rest revalidated (as a real host would).
function serveStatic() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const file = path.join(staticDir, path.normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, ''));
    try {
      if (!file.startsWith(staticDir) || req.method !== 'GET') throw new Error('not served');
      const body = await readFile(file.endsWith(path.sep) ? path.join(file, 'index.html') : file);
      const hashed = file.startsWith(path.join(staticDir, 'static') + path.sep);
      res.writeHead(200, {
        'content-type': types[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Storybook's preview announces `storyFinished` ({storyId, status}) on its channel once loaders,
// render and the play function are done. That event says "success" even when the play function
// failed (Storybook sets `throwPlayFunctionExceptions: false`), so the failure events are
// recorded too. The hook is installed before the preview creates its channel.
function recordStoryEvents() {
  const failureEvents = [
    'playFunctionThrewException',
    'storyThrewException',
    'storyErrored',
    'storyMissing',
    'unhandledErrorsWhilePlaying',
  ];
  let channel;
  window.__smokeFailures = [];
  window.__smokeFinished = undefined;
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value) {
      channel = value;
      channel.on('storyFinished', (result) => {
        window.__smokeFinished = result;
      });
      for (const name of failureEvents) {
        channel.on(name, (detail) => {
          const errors = Array.isArray(detail) ? detail : [detail];
          const text = errors.map((e) => e?.message ?? e?.title ?? String(e)).join('; ');
          window.__smokeFailures.push(`${name}: ${text}`);
        });
      }
    },
  });
}

/** Starts the story in the page already showing another one, through the preview's channel. */
function switchStory(storyId) {
  window.__smokeFailures = [];
  window.__smokeFinished = undefined;
  window.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
}

const index = JSON.parse(await readFile(path.join(staticDir, 'index.json'), 'utf8'));
const only = process.argv[2]?.toLowerCase();
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && (only === undefined || entry.id.includes(only)),
);
await mkdir(shotDir, { recursive: true });

const server = await serveStatic();
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch(chromiumLaunchOptions);
const report = (line) => process.stdout.write(`${line}\n`);

async function newStoryContext() {
  const context = await browser.newContext({ viewport: { width: 1000, height: 600 } });
  await context.addInitScript(recordStoryEvents);
  return context;
}

/** A page of a context that renders stories; `problems` collects the page errors of the current one. */
async function newStoryPage(context) {
  const page = await context.newPage();
  const state = { page, problems: [], loaded: false };
  page.on('pageerror', (error) => state.problems.push(`page error: ${error.message}`));
  return state;
}

/** Renders one story in the page (a first load, or a switch): what went wrong, nothing when it passed. */
async function renderIn(state, story) {
  const { page } = state;
  state.problems = [];
  if (state.loaded) await page.evaluate(switchStory, story.id);
  else {
    await page.goto(`${origin}/iframe.html?id=${story.id}&viewMode=story`);
    state.loaded = true;
  }
  const finished = await page
    .waitForFunction((id) => window.__smokeFinished?.storyId === id && window.__smokeFinished, story.id, {
      timeout: storyTimeoutMs,
    })
    .then((handle) => handle.jsonValue())
    .catch(() => ({ status: 'timeout' }));
  const problems = [...state.problems];
  if (finished.status !== 'success') problems.push(`story ${finished.status}`);
  const failed = await page.evaluate(() => window.__smokeFailures);
  problems.push(...failed.map((line) => stripVTControlCharacters(line).slice(0, 400)));
  const text = expectedText[story.id];
  if (text && !(await page.getByText(text, { exact: false }).first().isVisible())) {
    problems.push(`text not visible: ${text}`);
  }
  return problems;
}

/** The story alone in a fresh context, as a fresh page load; a screenshot when it fails. */
async function renderAlone(story) {
  const context = await newStoryContext();
  try {
    const state = await newStoryPage(context);
    const problems = await renderIn(state, story);
    if (problems.length) await state.page.screenshot({ path: path.join(shotDir, `${story.id}.png`) });
    return problems;
  } finally {
    await context.close();
  }
}

const chunkNotLoaded = (problem) => /Loading (CSS )?chunk \S+ failed/.test(problem);
const failures = [];
const leaks = [];
const queue = [...stories];
const started = Date.now();

async function worker() {
  const context = await newStoryContext();
  let state = await newStoryPage(context);
  try {
    for (let story = queue.shift(); story; story = queue.shift()) {
      const storyStarted = Date.now();
      const shared = await renderIn(state, story);
      let problems = shared;
      let note = '';
      if (shared.length) {
        // A fresh page decides; the shared page is reloaded, so a broken preview does not spread.
        problems = await renderAlone(story);
        // A chunk the local static server failed to deliver (seen once on a loaded machine) says
        // nothing about the story: then the fresh page alone decides.
        if (problems.length === 0 && !shared.every(chunkNotLoaded)) {
          leaks.push(story.id);
          problems = shared.map((line) => `only after other stories: ${line}`);
          note = ' (passes alone)';
        }
        await state.page.close();
        state = await newStoryPage(context);
      }
      const text = expectedText[story.id];
      const seconds = ((Date.now() - storyStarted) / 1000).toFixed(1);
      report(`${problems.length ? 'FAIL' : 'ok  '} ${story.id}${text ? ` (${text})` : ''}${note} ${seconds} s`);
      for (const problem of problems) report(`     ${problem}`);
      if (problems.length) failures.push(story.id);
    }
  } finally {
    await context.close();
  }
}

try {
  await Promise.all(Array.from({ length: Math.min(workerCount, stories.length) }, worker));
} finally {
  await browser.close();
  server.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(0);
report(
  `${stories.length - failures.length}/${stories.length} stories rendered with their play functions in ${seconds} s (${workerCount} pages)`,
);
if (leaks.length)
  report(`failed only after other stories in the same page (state leaking between stories): ${leaks.join(', ')}`);
if (failures.length) {
  report(`screenshots of the failures in ${path.relative(process.cwd(), shotDir)}`);
  process.exit(1);
}
