import { Link as RouterLink } from 'react-router';
import { Button, CloseButton, Portal, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { userMessages } from '@portal/contracts';

/** The daily purchase invitation itself, in its own chunk: most visits never open it. */
export default function PurchaseDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
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
              <Button variant="outline" onClick={onClose}>
                {userMessages.purchase.close}
              </Button>
              <Button asChild colorPalette="brand" onClick={onClose}>
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
