import { describe, expect, it } from 'vitest';
import { BOOT_DATA_ID, type BootData } from '@portal/contracts';
import { BOOT_DATA_ELEMENT_ID, firstRouteAssets, preloadFirstRoute, routePathOf } from './first-route';

const boot = {
  config: {},
  routes: { '/': ['mf_user', 'dashboard'], '/login': ['mf_user', 'login'], '/shop': ['mf_shop', 'shop'] },
  preload: {
    mf_user: {
      manifest: '/remotes/mf-user/mf-manifest.json',
      entry: '/remotes/mf-user/remoteEntry.js',
      expose: ['/remotes/mf-user/expose.js'],
      pages: { login: ['/remotes/mf-user/page-login.js'] },
    },
    mf_shop: { manifest: 'https://cdn.example.com/mf-shop/mf-manifest.json' },
  },
} as unknown as BootData;

describe('the first route preload', () => {
  it('reads the block the BFF writes', () => {
    expect(BOOT_DATA_ELEMENT_ID).toBe(BOOT_DATA_ID);
  });

  it.each([
    ['', '/'],
    ['#/', '/'],
    ['#/login', '/login'],
    ['#/login?c=abc', '/login'],
  ])('route of %j is %s', (hash, path) => {
    expect(routePathOf(hash)).toBe(path);
  });

  it('fetches the manifest, entry, exposed module and page chunk of the route remote', () => {
    expect(firstRouteAssets(boot, '#/login')).toEqual({
      manifest: '/remotes/mf-user/mf-manifest.json',
      scripts: ['/remotes/mf-user/remoteEntry.js', '/remotes/mf-user/expose.js', '/remotes/mf-user/page-login.js'],
    });
    // A remote on another origin: its manifest only. An unknown route falls back to '/'.
    expect(firstRouteAssets(boot, '#/shop')).toEqual({
      manifest: 'https://cdn.example.com/mf-shop/mf-manifest.json',
      scripts: [],
    });
    expect(firstRouteAssets(boot, '#/nowhere').manifest).toBe('/remotes/mf-user/mf-manifest.json');
  });

  it('adds links whose modes match the federation runtime: the manifest as a CORS fetch, scripts plain', () => {
    const links: Record<string, string>[] = [];
    const doc = {
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (link: Record<string, string>) => links.push(link) },
    } as unknown as Document;
    preloadFirstRoute(boot, '#/login', doc);
    expect(links.every((link) => typeof link.onerror === 'function')).toBe(true);
    expect(links.map(({ onerror: _, ...link }) => link)).toEqual([
      { rel: 'preload', as: 'fetch', href: '/remotes/mf-user/mf-manifest.json', crossOrigin: 'anonymous' },
      { rel: 'preload', as: 'script', href: '/remotes/mf-user/remoteEntry.js' },
      { rel: 'preload', as: 'script', href: '/remotes/mf-user/expose.js' },
      { rel: 'preload', as: 'script', href: '/remotes/mf-user/page-login.js' },
    ]);
  });
});
