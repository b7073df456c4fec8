import type { AnnouncementConfig } from '@portal/contracts';

/** localStorage key of the last automatic or manual showing of the announcement. */
export const ANNOUNCEMENT_SEEN_KEY = 'portal.announcement.seen';

export interface SeenRecord {
  /** When it was last shown (ms since the epoch). */
  at: number;
  /** Which announcement it was, so that a new one is shown without waiting for the interval. */
  fingerprint: string;
}

type AnnouncementText = Pick<AnnouncementConfig, 'notice_title' | 'notice_content'>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The announcement with every field present, whatever the server left out; null when there is none. */
export function normalizeAnnouncement(raw: Partial<AnnouncementConfig> | null | undefined): AnnouncementConfig | null {
  if (!raw || typeof raw !== 'object') return null;
  return {
    notice_show: raw.notice_show === true,
    notice_mark_red: raw.notice_mark_red === true,
    notice_title: text(raw.notice_title),
    notice_content: text(raw.notice_content),
    notice_day_interval: intervalDays(raw.notice_day_interval),
    entry_url: text(raw.entry_url),
    contact: text(raw.contact),
    chat_group_url: text(raw.chat_group_url),
  };
}

/** True when there is something to show: a title or a content. */
export function hasAnnouncementText(notice: AnnouncementText | null | undefined): notice is AnnouncementText {
  return Boolean(notice && ((notice.notice_title ?? '').trim() || (notice.notice_content ?? '').trim()));
}

/** A short, stable digest of the announcement's text (djb2; collisions only cost one extra showing). */
export function announcementFingerprint(notice: AnnouncementText): string {
  const text = `${notice.notice_title ?? ''}\u0000${notice.notice_content ?? ''}`;
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0;
  return `${text.length.toString(36)}-${hash.toString(36)}`;
}

/** Whole calendar days from one date to another in the browser's time zone (DST-safe). */
export function calendarDaysBetween(from: Date, to: Date): number {
  const start = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/** The configured interval in whole days; 0 shows it on every visit, nonsense falls back to daily. */
export function intervalDays(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 1;
}

/**
 * Whether the announcement opens by itself on this visit: it is switched on and has text, and
 * either it was never shown here, it changed since, or `notice_day_interval` calendar days have
 * passed since it was last shown.
 */
export function shouldShowAnnouncement(notice: AnnouncementConfig, seen: SeenRecord | null, now: Date): boolean {
  if (!notice.notice_show || !hasAnnouncementText(notice)) return false;
  if (!seen || seen.fingerprint !== announcementFingerprint(notice)) return true;
  return calendarDaysBetween(new Date(seen.at), now) >= intervalDays(notice.notice_day_interval);
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or nothing when the browser refuses it (private mode, disabled storage). */
export function browserStorage(): KeyValueStore | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readSeen(storage: KeyValueStore | undefined): SeenRecord | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(ANNOUNCEMENT_SEEN_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      const { at, fingerprint } = parsed as Partial<SeenRecord>;
      if (typeof at === 'number' && typeof fingerprint === 'string') return { at, fingerprint };
    }
  } catch {
    // an unreadable record counts as never shown
  }
  return null;
}

export function writeSeen(storage: KeyValueStore | undefined, record: SeenRecord): void {
  try {
    storage?.setItem(ANNOUNCEMENT_SEEN_KEY, JSON.stringify(record));
  } catch {
    // a full or refused store only means the announcement may show again
  }
}

/**
 * An http(s) address to link to, or null. The entry page may be configured without a scheme
 * ('yunti.example'); anything that is not http(s) (a `javascript:` URL) is never linked.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text || /\s/.test(text)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text)
    ? text
    : /^[\w-]+(\.[\w-]+)+([/:?#].*)?$/.test(text)
      ? `https://${text}`
      : null;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
