import { inlinePortalConfig } from './first-route';
import { PORTAL_CONFIG_PATH, PRODUCT_NAME, type PortalConfig } from '@portal/contracts';

const fallback: PortalConfig = {
  remotes: {
    mf_user: '/remotes/mf-user/mf-manifest.json',
    mf_shop: '/remotes/mf-shop/mf-manifest.json',
    mf_tutorials: '/remotes/mf-tutorials/mf-manifest.json',
    mf_admin: '/remotes/mf-admin/mf-manifest.json',
  },
  agencyHost: '',
  describeHost: '',
  productName: PRODUCT_NAME,
};

/**
 * The run-time config: inlined into the page by the BFF, or fetched from /portal-config.json
 * (development servers); remotes are located only from it.
 */
export async function loadPortalConfig(): Promise<PortalConfig> {
  const inline = inlinePortalConfig();
  if (inline) return { ...fallback, ...inline };
  try {
    const response = await fetch(PORTAL_CONFIG_PATH, { credentials: 'include', cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { ...fallback, ...((await response.json()) as Partial<PortalConfig>) };
  } catch (error) {
    console.error('portal config unavailable, using defaults', error);
    return fallback;
  }
}
