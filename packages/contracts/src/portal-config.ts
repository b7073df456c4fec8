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

/**
 * Id of the `<script type="application/json">` block the BFF writes into the shell's
 * index.html: the run-time config and what the shell's first, synchronous script needs to start
 * fetching the remote of the route in the address before anything else has run (a data block,
 * never executed, so the CSP without inline scripts stays as it is).
 */
export const BOOT_DATA_ID = 'portal-boot';

/**
 * What a press on the first paint (the drawing of a visitor's page the BFF inlines) is held for:
 * the app replays the last one on its own element once it has taken the page over. Text fields
 * are not in it (they take focus and typing, which carry over by themselves).
 */
export const FIRST_PAINT_PRESSABLE =
  'a[href], button, [role="button"], input[type="submit"], input[type="button"], input[type="checkbox"], input[type="radio"]';

/** Addresses worth fetching early for one remote (all absolute or root-relative). */
export interface RemotePreload {
  /** Its mf-manifest.json. */
  manifest: string;
  /** Known when the BFF serves the remote itself and has read its manifest. */
  entry?: string;
  /** The chunks of its exposed `./pages` module. */
  expose?: string[];
  /** Page key → the page's own chunk(s) (chunks named `page-<key>` by the remote). */
  pages?: Record<string, string[]>;
}

export interface BootData {
  config: PortalConfig;
  /** Route path → [remote, page key], for the routes whose remote may be fetched at once. */
  routes: Record<string, [RemoteName, string]>;
  /** Remotes that may be fetched before the session is known (never mf_admin). */
  preload: Partial<Record<RemoteName, RemotePreload>>;
}
