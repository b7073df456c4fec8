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

/** Reads the run-time config served beside the shell; remotes are located only from it. */
export async function loadPortalConfig(): Promise<PortalConfig> {
  try {
    const response = await fetch(PORTAL_CONFIG_PATH, { credentials: 'include', cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { ...fallback, ...((await response.json()) as Partial<PortalConfig>) };
  } catch (error) {
    console.error('portal config unavailable, using defaults', error);
    return fallback;
  }
}
