import type { ReactNode } from 'react';
import { Button, CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { shopLabels } from '@portal/contracts/shop-labels';

export interface DialogFrameProps {
  /** Also the dialog's accessible name. */
  title: string;
  testId: string;
  onClose: () => void;
  /** Buttons after the close button of the footer. */
  actions?: ReactNode;
  /** Text of the footer's close button (关闭). */
  closeLabel?: string;
  /** While something runs, the dialog cannot be closed. */
  busy?: boolean;
  /** false: a click beside the dialog does not close it (a form the user is filling in). */
  closeOnOutsideClick?: boolean;
  size?: 'sm' | 'md';
  children: ReactNode;
}

/**
 * The dialogs of this remote: always open while mounted (the owner mounts it to open and
 * unmounts it to close), centred, 12 px from the edges of a phone, scrolling inside when tall.
 */
export function DialogFrame({
  title,
  testId,
  onClose,
  actions,
  closeLabel = shopLabels.payment.close,
  busy = false,
  closeOnOutsideClick = true,
  size = 'sm',
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !busy && onClose()}
      closeOnInteractOutside={closeOnOutsideClick}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {closeLabel}
              </Button>
              {actions}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={shopLabels.payment.close} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
