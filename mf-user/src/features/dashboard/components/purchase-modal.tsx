import { useEffect, useState } from 'react';
import { usePortal, useSession } from '@portal/platform';
import { lazyDialog, takeDialogTurn } from '@portal/ui';
import { useFirstVisitToday } from '../hooks/use-first-visit-today';

const PurchaseDialog = lazyDialog(() => import('./purchase-dialog'));

/** Purpose key of the daily purchase modal's cookie. */
export const PURCHASE_MODAL = 'purchase-modal';

/** Shown to signed-in users outside agency mode on their first visit of each day. */
export function PurchaseModal() {
  const userId = useSession((s) => s.user?._id);
  const isAgency = usePortal((s) => s.isAgency);
  const [due, dismiss] = useFirstVisitToday(PURCHASE_MODAL, userId, Boolean(userId) && !isAgency);
  // Never stacks on another dialog (the shell's announcement, say): waits for its turn, and holds
  // it until dismissed, while its own chunk loads included.
  const [hasTurn, setHasTurn] = useState(false);
  useEffect(() => (due ? takeDialogTurn(() => setHasTurn(true)) : undefined), [due]);
  const open = due && hasTurn;
  return open ? <PurchaseDialog onClose={dismiss} /> : null;
}
