import { useSession } from '@portal/platform';
import { preferredDomainSwitch, type DomainSwitch } from '../lib/daily-visit';
import { useFirstVisitToday } from './use-first-visit-today';

export const PREFER_DOMAIN_CHECK = 'prefer-domain';

/**
 * Spec-1 §2: on the first visit of the day, when the user's preferred domain differs from the
 * page host, a domain-switch dialog is prepared. The spec does not show its content, so this
 * only computes the target (the same page on the preferred host); nothing is displayed.
 */
export function usePreferredDomainSwitch(): DomainSwitch | null {
  const user = useSession((s) => s.user);
  const target = user ? preferredDomainSwitch(user.preferDomain, window.location) : null;
  const [firstToday] = useFirstVisitToday(PREFER_DOMAIN_CHECK, user?._id, target !== null);
  return firstToday ? target : null;
}
