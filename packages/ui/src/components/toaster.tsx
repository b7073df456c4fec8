import { Portal, Stack } from '@chakra-ui/react';
import { createToaster, Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';
import type { Notice } from '@portal/platform';
import { toastMs } from '@portal/contracts';

/**
 * The page's one toaster, in a chunk of its own: its state machines are loaded by the first
 * toast or the first pointer or key press (toast-host.tsx), not by the first page.
 */
// Top offset clears the shell's sticky header (3.5rem), so toasts are never hidden under it.
export const toaster = createToaster({
  placement: 'top',
  pauseOnPageIdle: true,
  max: 4,
  offsets: { top: '4.25rem', bottom: '1rem', left: '1rem', right: '1rem' },
});

/** Shows a toast; durations default to the spec's 2 s. */
export function showToast({ kind, title, durationMs = toastMs.short }: Notice): void {
  toaster.create({ type: kind, title, duration: durationMs });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
