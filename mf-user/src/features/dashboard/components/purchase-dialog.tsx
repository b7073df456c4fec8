import { Link as RouterLink } from 'react-router';
import { Button, Text } from '@chakra-ui/react';
import { userMessages } from '@portal/contracts';
import { DialogFrame } from '@portal/ui/dialog-frame';

/** The daily purchase invitation itself, in its own chunk: most visits never open it. */
export default function PurchaseDialog({ onClose }: { onClose: () => void }) {
  return (
    <DialogFrame
      title={userMessages.purchase.title}
      testId="purchase-modal"
      onClose={onClose}
      closeLabel={userMessages.purchase.close}
      cancelLabel={userMessages.purchase.close}
      actions={
        <Button asChild colorPalette="brand" onClick={onClose}>
          <RouterLink to="/shop">{userMessages.purchase.cta}</RouterLink>
        </Button>
      }
    >
      <Text>{userMessages.purchase.body}</Text>
    </DialogFrame>
  );
}
