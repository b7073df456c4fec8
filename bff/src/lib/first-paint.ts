import { createHash } from 'node:crypto';
import type { BootData } from '@portal/contracts';

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

/**
 * The pages of the snapshot that the current builds still draw the same way: drawn by the shell's
 * current entry script and by the current chunks of the remote that owns the route (read from its
 * manifest). A page whose remote was redeployed since, or whose remote this server cannot read
 * (hosted elsewhere), is left out: the scripts alone draw it.
 */
export function currentPages(snapshot: FirstPaintSnapshot, indexHtml: string, boot: BootData): FirstPaintSnapshot['pages'] {
  const shellScripts = pageScripts(indexHtml);
  return snapshot.pages.filter((page) => {
    const [remote, pageName] = boot.routes[page.route] ?? [];
    const preload = remote ? boot.preload[remote] : undefined;
    const pageChunks = pageName ? preload?.pages?.[pageName] : undefined;
    if (!preload?.entry || !preload.expose || !pageChunks?.length) return false;
    const drawnBy = new Set(page.scripts);
    return [...shellScripts, preload.entry, ...preload.expose, ...pageChunks].every((url) => drawnBy.has(url));
  });
}

/** Exported for the tests; the page's id and attribute names below are the shell's too. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint';

/**
 * Runs while the page is parsed, right after the templates: shows the template of the route in
 * the address (none for a session: the server leaves the templates out then), with the app's
 * root laid out underneath but invisible, so widths the app measures are right. Submits are held
 * for the app; leaving the route (a link) drops the drawing. Fixed text: its hash is in the CSP.
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
    drop: function () {
      if (state.dropped) return;
      state.dropped = true;
      box.remove();
      if (style) style.remove();
      root.style.cssText = '';
      removeEventListener('hashchange', state.drop);
    },
  };
  box.addEventListener('submit', function (event) { event.preventDefault(); state.submitted = true; }, true);
  addEventListener('hashchange', state.drop);
  window.__portalFirstPaint = state;
})();`;

export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

/** Text safe inside a raw-text element (`<style>`, `<template>` is parsed, so no escaping). */
const styleSafe = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/** index.html with the current pages of the snapshot, their CSS and the script that shows one. */
export function withFirstPaint(html: string, snapshot: FirstPaintSnapshot, pages: FirstPaintSnapshot['pages']): string {
  if (pages.length === 0 || !html.includes('<div id="root"></div>')) return html;
  const style = `<style id="first-paint-style">${styleSafe(snapshot.css)}</style>`;
  const templates = pages
    .map((page) => `<template data-first-paint="${page.route}">${page.html}</template>`)
    .join('');
  const withStyle = html.replace('</head>', `${style}</head>`);
  return withStyle.replace('<div id="root"></div>', `<div id="root"></div>${templates}<script>${FIRST_PAINT_SCRIPT}</script>`);
}
