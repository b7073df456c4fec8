import { useMemo } from 'react';
import { usePortal } from './portal-store.js';
import { useSession } from './session.js';
import { buildSubscriptionLinks, type SubscriptionLinks } from './subscription-links.js';

/** The signed-in user's links, rebuilt whenever the user (its userkey) or the describe host changes. */
export function useSubscriptionLinks(): SubscriptionLinks | null {
  const user = useSession((s) => s.user);
  const describeHost = usePortal((s) => s.config?.describeHost);
  return useMemo(
    () => (user ? buildSubscriptionLinks(user, describeHost, location.origin) : null),
    [user, describeHost],
  );
}
