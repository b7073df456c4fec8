import { describe, expect, it } from 'vitest';
import { clientVersions, pagesOf } from '@portal/contracts';
import { clients } from '@portal/platform';
import { guideLoaders } from './registry';

const loadAll = () =>
  Promise.all(Object.entries(guideLoaders).map(async ([page, load]) => ({ page, guide: (await load()).default })));

describe('client guides', () => {
  it('cover every tutorial route of the remote, each under its own page key', async () => {
    const pages = pagesOf('mf_tutorials').filter((p) => p !== 'windows_errors' && p !== 'apple_id_signup_guide');
    expect(Object.keys(guideLoaders).sort()).toEqual([...pages].sort());
    for (const { page, guide } of await loadAll()) expect(guide.page).toBe(page);
  });

  it('follow the spec order of steps, with a known client of the catalogue', async () => {
    for (const { guide } of await loadAll()) {
      expect(clients[guide.client], guide.page).toBeDefined();
      const kinds = guide.steps.map((s) => s.kind);
      expect(kinds[0], guide.page).toBe('install');
      expect(kinds.at(-1), guide.page).toBe('issues');
      expect(kinds, guide.page).toContain('manual');
      expect(kinds, guide.page).toContain('enable');
      // A one-tap step only where the client registers a URL scheme.
      expect(kinds.includes('oneTap'), guide.page).toBe(Boolean(clients[guide.client].oneTap));
      expect(
        guide.steps.some((s) => s.screen),
        guide.page,
      ).toBe(true);
    }
  });

  it('carry the client advice of spec-1 §5', async () => {
    const all = Object.fromEntries((await loadAll()).map(({ page, guide }) => [page, JSON.stringify(guide)]));
    for (const page of ['clash_for_android', 'clash_meta_for_android']) expect(all[page]).toContain('1440');
    expect(all.v2rayng_for_windows).toContain(clientVersions.v2rayNMin);
    expect(all.singbox_for_android).toContain(`Android ${clientVersions.androidMin}`);
    expect(all.flclash_for_pc).toContain('generate_204');
    expect(all.flclash_for_android).toContain(clientVersions.flclashAndroidApk);
  });
});
