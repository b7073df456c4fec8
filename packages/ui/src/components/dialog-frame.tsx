import type { FormEvent, ReactNode } from 'react';
import { Button, CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { frameMessages } from '@portal/contracts';

export interface DialogFrameProps {
  /** Also the dialog's accessible name. */
  title: string;
  testId: string;
  /** The user closed the dialog (Esc, ×, the cancel button, a click beside it). Never while busy. */
  onClose: () => void;
  /** Default: open while mounted (the owner mounts it to open and unmounts it to close). */
  open?: boolean;
  /** While a request runs the dialog cannot be closed, cancel and × are disabled, confirm spins. */
  busy?: boolean;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  /** 'alertdialog' for a question before an action. */
  role?: 'dialog' | 'alertdialog';
  /** false: a click beside the dialog does not close it (a form the user is filling in). */
  closeOnOutsideClick?: boolean;
  /** Accessible name of the × in the corner (default 关闭). */
  closeLabel?: string;
  /** Text of the footer's outline button that closes the dialog; none without it. */
  cancelLabel?: string;
  /** Text of the footer's main button; none without it. */
  confirmLabel?: string;
  /** The main button's click. Without it the main button submits the dialog's form (`onSubmit`). */
  onConfirm?: () => void;
  /** The main button's text while busy. */
  busyLabel?: string;
  /** Red main button: the action destroys or ends something. */
  danger?: boolean;
  confirmDisabled?: boolean;
  /** The whole dialog is a form: Enter in a field submits, and so does the main button. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Other buttons of the footer, between cancel and the main button. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every dialog of the portal: title, body, footer (cancel, other actions, the main
 * button) and the × in the corner; centred, 12 px from the edges of a phone, scrolling inside
 * when tall. It imports Chakra's Dialog, so it must only be reached through `lazyDialog` (or
 * another lazy import), never from a first page's chunks: it has its own entry
 * (`@portal/ui/dialog-frame`) and is not in the index of `@portal/ui`.
 */
export function DialogFrame({
  title,
  testId,
  onClose,
  open = true,
  busy = false,
  size = 'sm',
  role = 'dialog',
  closeOnOutsideClick = true,
  closeLabel = frameMessages.close,
  cancelLabel,
  confirmLabel,
  onConfirm,
  busyLabel,
  danger = false,
  confirmDisabled,
  onSubmit,
  actions,
  children,
}: DialogFrameProps) {
  const hasFooter = cancelLabel !== undefined || confirmLabel !== undefined || actions !== undefined;
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{children}</Dialog.Body>
      {hasFooter && (
        <Dialog.Footer flexWrap="wrap">
          {cancelLabel !== undefined && (
            <Button variant="outline" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
          )}
          {actions}
          {confirmLabel !== undefined && (
            <Button
              type={onConfirm ? 'button' : 'submit'}
              colorPalette={danger ? 'red' : 'brand'}
              onClick={onConfirm}
              loading={busy}
              loadingText={busyLabel}
              disabled={confirmDisabled}
            >
              {confirmLabel}
            </Button>
          )}
        </Dialog.Footer>
      )}
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={closeLabel} disabled={busy} />
      </Dialog.CloseTrigger>
    </>
  );
  return (
    <Dialog.Root
      open={open}
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
