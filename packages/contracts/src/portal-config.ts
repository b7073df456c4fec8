import type { RemoteName } from './routes.js';

/** The run-time document the shell fetches from /portal-config.json before loading any remote. */
export interface PortalConfig {
  /** Manifest URL of each remote (absolute, or relative to the shell's page). */
  remotes: Record<RemoteName, string>;
  /** Host of the agency domain; agency mode applies when the page host equals it. */
  agencyHost: string;
  /** Base URL for subscription links when the user has no describe_host. */
  describeHost: string;
  productName: string;
}

export const PORTAL_CONFIG_PATH = '/portal-config.json';
