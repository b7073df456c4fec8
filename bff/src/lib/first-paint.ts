import { createHash } from 'node:crypto';
import { FIRST_PAINT_PRESSABLE, type BootData } from '@portal/contracts';
import { scriptSafeJson } from './html.js';

/**
 * The first paint of the entry pages (`scripts/first-paint.mjs` writes it at build time into
 * shell/dist/first-paint.json): each page as the app first draws it for a visitor, and the CSS
 * the app inserted. Inlined into the page served to visitors, it gives a phone a form that can be
 * typed into before the scripts have run; the shell takes over once it has drawn the same page
 * (shell/src/app/first-paint.ts), keeping what was typed and replaying a submit.
 */
export interface FirstPaintSnapshot {
  version: 1;
  css: string;
  pages: { route: string; html: string; scripts: string[] }[];
}

export function parseFirstPaint(text: string): FirstPaintSnapshot | undefined {
  try {
    const value = JSON.parse(text) as Partial<FirstPaintSnapshot>;
    if (value.version !== 1 || typeof value.css !== 'string' || !Array.isArray(value.pages)) return undefined;
    return value as FirstPaintSnapshot;
  } catch {
    return undefined;
  }
}

/** The scripts of the shell's page itself (`<script src>` of index.html). */
function pageScripts(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1]!);
}

/** A page of the snapshot to serve, with what to fetch at once for the app to take it over. */
export interface CurrentPage {
  route: string;
  html: string;
  /** The remote's manifest (fetched by the federation runtime with `fetch`). */
  manifest: string;
  /** Every script the app drew the page with, but the shell's entry (already in the page's head). */
  scripts: string[];
}

/**
 * The pages of the snapshot that the current builds still draw the same way: drawn by the shell's
 * current entry script and by the current chunks of the remote that owns the route (read from its
 * manifest). A page whose remote was redeployed since, or whose remote this server cannot read
 * (hosted elsewhere), is left out: the scripts alone draw it.
 */
export function currentPages(snapshot: FirstPaintSnapshot, indexHtml: string, boot: BootData): CurrentPage[] {
  const shellScripts = pageScripts(indexHtml);
  const pages: CurrentPage[] = [];
  for (const page of snapshot.pages) {
    const [remote, pageName] = boot.routes[page.route] ?? [];
    const preload = remote ? boot.preload[remote] : undefined;
    const pageChunks = pageName ? preload?.pages?.[pageName] : undefined;
    if (!preload?.entry || !preload.expose || !pageChunks?.length) continue;
    const drawnBy = new Set(page.scripts);
    const required = [...shellScripts, preload.entry, ...preload.expose, ...pageChunks];
    if (!required.every((url) => drawnBy.has(url))) continue;
    // The remote's own scripts first: they start the chain the shell's chunks wait on.
    const remoteFirst = [...page.scripts].sort(
      (a, b) => Number(!a.startsWith('/remotes/')) - Number(!b.startsWith('/remotes/')),
    );
    pages.push({
      route: page.route,
      html: page.html,
      manifest: preload.manifest,
      scripts: remoteFirst.filter((url) => !shellScripts.includes(url)),
    });
  }
  return pages;
}

/** Exported for the tests; the page's id and attribute names below are the shell's too. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/**
 * Runs while the page is parsed, right after the templates: shows the template of the route in
 * the address (none for a session: the server leaves the templates out then), with the app's
 * root laid out underneath but invisible, so widths the app measures are right. Presses and
 * submits are held for the app; leaving the route (back, an edited address) drops the drawing.
 * Fixed text: its hash is in the CSP.
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var d = document, root = d.getElementById('root'), style = d.getElementById('first-paint-style');
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/', template = null;
  var templates = d.querySelectorAll('template[data-first-paint]');
  for (var i = 0; i < templates.length; i++) {
    if (templates[i].getAttribute('data-first-paint') === path) template = templates[i];
  }
  if (!template || !root) { if (style) style.remove(); return; }
  var box = d.createElement('div');
  box.id = '${FIRST_PAINT_ELEMENT_ID}';
  box.appendChild(template.content.cloneNode(true));
  root.parentNode.insertBefore(box, root);
  root.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden';
  var state = {
    box: box,
    submitted: false,
    pressed: null,
    pressing: null,
    drop: function () {
      if (state.dropped) return;
      state.dropped = true;
      box.remove();
      if (style) style.remove();
      root.style.cssText = '';
      removeEventListener('hashchange', state.drop);
    },
  };
  // A press (a link, a button, Enter in a form, which presses its submit button) is held for the
  // app, which replays the last one on its own element: a link or button does what the app does,
  // never the plain HTML behaviour. A form submitted without a button press is held as well.
  // A press still under way when the app takes over (the finger down on the drawing, up on the
  // app) is held too: the app finishes it where it ends.
  box.addEventListener('click', function (event) {
    var pressed = event.target.closest && event.target.closest('${FIRST_PAINT_PRESSABLE}');
    if (!pressed || !box.contains(pressed)) return;
    event.preventDefault();
    state.pressed = pressed;
    state.pressing = null;
  }, true);
  box.addEventListener('pointerdown', function (event) {
    var pressing = event.target.closest && event.target.closest('${FIRST_PAINT_PRESSABLE}');
    state.pressing = pressing && box.contains(pressing) ? pressing : null;
  }, true);
  box.addEventListener('submit', function (event) { event.preventDefault(); state.submitted = true; }, true);
  addEventListener('hashchange', state.drop);
  window.__portalFirstPaint = state;
})();`;

/**
 * Runs in the head, as soon as the page arrives: starts fetching what the app needs to take over
 * the route's drawing (its remote's manifest and every script the page was drawn with), rather
 * than after the shell's entry has run. The attributes match how the federation runtime fetches
 * them, or Chromium fetches twice. Fixed text: its hash is in the CSP.
 */
export const FIRST_PAINT_PRELOAD_SCRIPT = `(function () {
  var d = document, data = d.getElementById('first-paint-preload');
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  var page = data && JSON.parse(data.textContent)[path];
  if (!page) return;
  var links = [['fetch', page.manifest]];
  for (var i = 0; i < page.scripts.length; i++) links.push(['script', page.scripts[i]]);
  for (var k = 0; k < links.length; k++) {
    var link = d.createElement('link');
    link.rel = 'preload';
    link.as = links[k][0];
    link.href = links[k][1];
    if (links[k][0] === 'fetch') link.crossOrigin = 'anonymous';
    // Chromium hands a failed preload to the next matching request, which then fails unsent (the
    // app's retry after an outage): a request of our own takes the failure instead.
    link.onerror = function () {
      if (this.as === 'fetch') return void fetch(this.href).catch(function () {});
      var retry = d.createElement('script');
      retry.src = this.href;
      retry.onload = retry.onerror = function () { retry.remove(); };
      d.head.appendChild(retry);
    };
    d.head.appendChild(link);
  }
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP sources of the two inline scripts. */
export const FIRST_PAINT_SCRIPT_HASHES = [sha256(FIRST_PAINT_PRELOAD_SCRIPT), sha256(FIRST_PAINT_SCRIPT)];

/** Text safe inside a raw-text element (`<style>`, `<template>` is parsed, so no escaping). */
const styleSafe = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/** index.html with the current pages of the snapshot, their CSS and the script that shows one. */
export function withFirstPaint(html: string, snapshot: FirstPaintSnapshot, pages: CurrentPage[]): string {
  if (pages.length === 0 || !html.includes('<div id="root"></div>')) return html;
  const preload = Object.fromEntries(
    pages.map((page) => [page.route, { manifest: page.manifest, scripts: page.scripts }]),
  );
  const head =
    `<script type="application/json" id="first-paint-preload">${scriptSafeJson(preload)}</script>` +
    `<script>${FIRST_PAINT_PRELOAD_SCRIPT}</script>` +
    `<style id="first-paint-style">${styleSafe(snapshot.css)}</style>`;
  const templates = pages.map((page) => `<template data-first-paint="${page.route}">${page.html}</template>`).join('');
  // Function replacements: a `$&` or `$'` in the data is text, not a replacement pattern.
  const withStyle = html.replace('</head>', () => `${head}</head>`);
  return withStyle.replace(
    '<div id="root"></div>',
    () => `<div id="root"></div>${templates}<script>${FIRST_PAINT_SCRIPT}</script>`,
  );
}
