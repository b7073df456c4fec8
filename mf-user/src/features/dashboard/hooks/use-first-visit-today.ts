import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import { cookieDays } from '@portal/contracts';
import { getCookie, setCookie } from '@portal/platform';
import { todayString } from '../../../lib/time';
import { dailyCookieName, isFirstVisitToday } from '../lib/daily-visit';

/** Decisions taken in this page session, so a remount neither re-reads nor re-shows. */
const useDailyDecisions = create<{ shown: Record<string, boolean> }>(() => ({ shown: {} }));

/**
 * True on the first visit of the day (per purpose and user) until dismissed. The cookie is
 * written when the decision is taken, so a reload the same day does not show it again.
 */
export function useFirstVisitToday(
  purpose: string,
  userId: string | undefined,
  enabled: boolean,
): [boolean, () => void] {
  const key = userId ? `${purpose}:${userId}` : '';
  const shown = useDailyDecisions((s) => (key ? (s.shown[key] ?? false) : false));

  useEffect(() => {
    if (!enabled || !userId || key in useDailyDecisions.getState().shown) return;
    const today = todayString();
    const name = dailyCookieName(purpose, userId);
    const first = isFirstVisitToday(getCookie(name), today);
    if (first) setCookie(name, today, cookieDays.dailyModal);
    useDailyDecisions.setState((s) => ({ shown: { ...s.shown, [key]: first } }));
  }, [enabled, key, purpose, userId]);

  const dismiss = useCallback(() => {
    if (key) useDailyDecisions.setState((s) => ({ shown: { ...s.shown, [key]: false } }));
  }, [key]);

  return [enabled && shown, dismiss];
}

/** For stories and tests: forget this session's decisions. */
export function resetDailyDecisions(): void {
  useDailyDecisions.setState({ shown: {} });
}
