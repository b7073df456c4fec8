import type { ClientId, Platform } from '@portal/platform';
import type { ScreenSpec } from '../../../components/client-screen';

/**
 * One client's tutorial as data. The guide component renders every definition the same way, so
 * adding a client is adding a definition (and its route in `@portal/contracts`).
 */
export type StepKind = 'install' | 'oneTap' | 'manual' | 'enable' | 'rules' | 'issues';

export interface GuideStep {
  kind: StepKind;
  title: string;
  /** Paragraphs; the guide component adds the import buttons and the troubleshooting link. */
  text: readonly string[];
  screen?: ScreenSpec;
}

export interface GuideVersion {
  label: string;
  version: string;
}

export interface Guide {
  /** The route's page key (`/flclash_for_pc` → `flclash_for_pc`). */
  page: string;
  /** The catalogue entry whose link and URL scheme the import buttons use. */
  client: ClientId;
  /** The app's name as the guide writes it. */
  name: string;
  platform: Platform;
  intro: string;
  versions?: readonly GuideVersion[];
  requirement?: string;
  download: { text: string; href?: string; label?: string };
  steps: readonly GuideStep[];
}

export const defineGuide = (guide: Guide): Guide => guide;
