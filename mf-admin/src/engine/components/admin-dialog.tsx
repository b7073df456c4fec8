import type { FormEvent, ReactNode } from 'react';
import { CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { engineLabels as t } from '../labels';

export interface AdminDialogProps {
  /** Also the dialog's accessible name. */
  title: string;
  testId: string;
  onClose: () => void;
  /** The footer's buttons. */
  footer: ReactNode;
  /** While something runs the dialog stays open. */
  busy?: boolean;
  /** The dialog is a form (Enter submits); a click beside it does not close it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Whether a click beside the dialog closes it (default: unless it is a form). */
  closeOnOutsideClick?: boolean;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/**
 * The frame of every dialog of the back office: open while mounted (the owner mounts it to open
 * and unmounts it to close), centred, 12 px from a phone's edges, scrolling inside when tall.
 */
export function AdminDialog({
  title,
  testId,
  onClose,
  footer,
  busy = false,
  onSubmit,
  closeOnOutsideClick = !onSubmit,
  size = 'md',
  role = 'dialog',
  children,
}: AdminDialogProps) {
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t.close} disabled={busy} />
      </Dialog.CloseTrigger>
    </>
  );
  return (
    <Dialog.Root
      open
      role={role}
      onOpenChange={(details) => !details.open && !busy && onClose()}
      closeOnInteractOutside={closeOnOutsideClick}
      placement="center"
      size={size}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3" data-testid={testId} asChild={Boolean(onSubmit)}>
            {onSubmit ? (
              <form noValidate onSubmit={onSubmit}>
                {content}
              </form>
            ) : (
              content
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
