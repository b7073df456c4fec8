import { describe, expect, it } from 'vitest';
import type { AnnouncementConfig } from '@portal/contracts';
import {
  ANNOUNCEMENT_SEEN_KEY,
  announcementFingerprint,
  calendarDaysBetween,
  normalizeAnnouncement,
  readSeen,
  safeHttpUrl,
  shouldShowAnnouncement,
  writeSeen,
} from './announcement-schedule';

const notice = (over: Partial<AnnouncementConfig> = {}): AnnouncementConfig => ({
  notice_show: true,
  notice_mark_red: false,
  notice_title: '春节线路调整',
  notice_content: '第一行\n第二行',
  notice_day_interval: 1,
  entry_url: 'https://entry.example',
  contact: 'support@example.com',
  chat_group_url: '',
  ...over,
});
const seenAt = (date: Date, n = notice()) => ({ at: date.getTime(), fingerprint: announcementFingerprint(n) });

describe('should the announcement open by itself', () => {
  const today = new Date(2025, 0, 15, 9, 0);

  it('opens on the first visit', () => {
    expect(shouldShowAnnouncement(notice(), null, today)).toBe(true);
  });

  it('stays closed when switched off or empty', () => {
    expect(shouldShowAnnouncement(notice({ notice_show: false }), null, today)).toBe(false);
    expect(shouldShowAnnouncement(notice({ notice_title: ' ', notice_content: '' }), null, today)).toBe(false);
  });

  it('waits notice_day_interval calendar days after the last showing', () => {
    const n = notice({ notice_day_interval: 3 });
    expect(shouldShowAnnouncement(n, seenAt(new Date(2025, 0, 13, 23, 59), n), today)).toBe(false);
    expect(shouldShowAnnouncement(n, seenAt(new Date(2025, 0, 12, 23, 59), n), today)).toBe(true);
  });

  it('with a one-day interval, shows again on the next calendar day, not 24 hours later', () => {
    expect(shouldShowAnnouncement(notice(), seenAt(new Date(2025, 0, 15, 0, 1)), today)).toBe(false);
    expect(shouldShowAnnouncement(notice(), seenAt(new Date(2025, 0, 14, 23, 0)), today)).toBe(true);
  });

  it('with interval 0, shows on every visit', () => {
    const n = notice({ notice_day_interval: 0 });
    expect(shouldShowAnnouncement(n, seenAt(today, n), today)).toBe(true);
  });

  it('treats a missing or nonsensical interval as daily', () => {
    const n = notice({ notice_day_interval: Number.NaN });
    expect(shouldShowAnnouncement(n, seenAt(today, n), today)).toBe(false);
    expect(shouldShowAnnouncement(n, seenAt(new Date(2025, 0, 14), n), today)).toBe(true);
  });

  it('shows a changed announcement at once', () => {
    const seen = seenAt(today, notice({ notice_content: '旧公告' }));
    expect(shouldShowAnnouncement(notice({ notice_day_interval: 30 }), seen, today)).toBe(true);
  });
});

describe('calendar days', () => {
  it('counts midnights crossed, not 24-hour periods', () => {
    expect(calendarDaysBetween(new Date(2025, 0, 1, 23, 59), new Date(2025, 0, 2, 0, 1))).toBe(1);
    expect(calendarDaysBetween(new Date(2025, 0, 1, 0, 1), new Date(2025, 0, 1, 23, 59))).toBe(0);
    expect(calendarDaysBetween(new Date(2025, 2, 1), new Date(2025, 3, 1))).toBe(31);
  });
});

describe('the seen record', () => {
  it('round-trips through a store and survives garbage or a refusing store', () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(readSeen(store)).toBeNull();
    writeSeen(store, { at: 42, fingerprint: 'x' });
    expect(readSeen(store)).toEqual({ at: 42, fingerprint: 'x' });
    data.set(ANNOUNCEMENT_SEEN_KEY, '{oops');
    expect(readSeen(store)).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readSeen(refusing)).toBeNull();
    expect(() => writeSeen(refusing, { at: 1, fingerprint: 'y' })).not.toThrow();
  });
});

describe('links in the announcement', () => {
  it('links http(s) addresses and bare host names', () => {
    expect(safeHttpUrl('https://entry.example/path')).toBe('https://entry.example/path');
    expect(safeHttpUrl('entry.example')).toBe('https://entry.example/');
    expect(safeHttpUrl('t.me/yunti_group')).toBe('https://t.me/yunti_group');
  });

  it('never links other schemes or plain text', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('mailto:a@b.example')).toBeNull();
    expect(safeHttpUrl('联系客服')).toBeNull();
    expect(safeHttpUrl('')).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });
});

describe('announcement from the server', () => {
  it('fills missing fields so the dialog can rely on them', () => {
    expect(normalizeAnnouncement({ notice_show: true, notice_content: 'hi' })).toEqual({
      notice_show: true,
      notice_mark_red: false,
      notice_title: '',
      notice_content: 'hi',
      notice_day_interval: 1,
      entry_url: '',
      contact: '',
      chat_group_url: '',
    });
    expect(normalizeAnnouncement(null)).toBeNull();
  });
});
