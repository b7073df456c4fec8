import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { userMessages } from '@portal/contracts';
import { usePortal, useSession } from '@portal/platform';
import { whenNoModalOpen } from '@portal/ui';
import { useFirstVisitToday } from '../hooks/use-first-visit-today';

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
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && dismiss()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="purchase-modal">
            <Dialog.Header>
              <Dialog.Title>{userMessages.purchase.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{userMessages.purchase.body}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={dismiss}>
                {userMessages.purchase.close}
              </Button>
              <Button asChild colorPalette="brand" onClick={dismiss}>
                <RouterLink to="/shop">{userMessages.purchase.cta}</RouterLink>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={userMessages.purchase.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
