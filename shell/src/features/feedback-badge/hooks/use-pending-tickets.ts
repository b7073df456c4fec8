import { useEffect, useState } from 'react';
import { Codes, FEEDBACK_CHANGED_EVENT, pollMs } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { pendingTicketCount } from '../api/pending-count';

/**
 * For admins only: how many open tickets wait for an answer (a new ticket, or the user spoke
 * last), for the badge on the header's 问题反馈 tab. Asked when an admin session starts, every
 * 30 s while the tab is visible, and at once when /feedback reports a reply or a close. Other
 * users never make the call.
 */
export function usePendingTickets(): number {
  // Staff holding tickets.read (issue 25), or an admin session read before the BFF reported staff.
  const adminId = useSession((s) =>
    s.user && (s.user.staff ? s.user.staff.permissions.includes('tickets.read') : s.user.type === 'admin')
      ? s.user._id
      : null,
  );
  const [count, setCount] = useState<{ adminId: string; n: number } | null>(null);

  useEffect(() => {
    if (adminId === null) return;
    let live = true;
    const ask = () => {
      void pendingTicketCount().then((result) => {
        if (live && result.code === Codes.OK && typeof result.data?.count === 'number') {
          setCount({ adminId, n: result.data.count });
        }
      });
    };
    ask();
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') ask();
    }, pollMs.ticket);
    window.addEventListener(FEEDBACK_CHANGED_EVENT, ask);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(FEEDBACK_CHANGED_EVENT, ask);
    };
  }, [adminId]);

  return adminId !== null && count?.adminId === adminId ? count.n : 0;
}
