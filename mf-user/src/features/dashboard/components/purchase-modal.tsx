import { useEffect, useState } from 'react';
import { usePortal, useSession } from '@portal/platform';
import { lazyDialog, whenNoModalOpen } from '@portal/ui';
import { useFirstVisitToday } from '../hooks/use-first-visit-today';

const PurchaseDialog = lazyDialog(() => import('./purchase-dialog'));

/** Purpose key of the daily purchase modal's cookie. */
export const PURCHASE_MODAL = 'purchase-modal';

/** Shown to signed-in users outside agency mode on their first visit of each day. */
export function PurchaseModal() {
  const userId = useSession((s) => s.user?._id);
  const isAgency = usePortal((s) => s.isAgency);
  const [due, dismiss] = useFirstVisitToday(PURCHASE_MODAL, userId, Boolean(userId) && !isAgency);
  // Never stacks on a dialog that is already open (the shell's announcement): waits for it to close.
  const [noOtherModal, setNoOtherModal] = useState(false);
  useEffect(() => (due ? whenNoModalOpen(() => setNoOtherModal(true)) : undefined), [due]);
  const open = due && noOtherModal;
  return open ? <PurchaseDialog onClose={dismiss} /> : null;
}
