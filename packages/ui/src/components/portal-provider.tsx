import type { ReactNode } from 'react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { setNotifier } from '@portal/platform';
import { showToast, ToastHost } from './toast-host.js';

export interface PortalProviderProps {
  system: SystemContext;
  children: ReactNode;
}

/** The one Chakra provider of the page, with the toaster. Only the shell (or a standalone remote) mounts it. */
export function PortalProvider({ system, children }: PortalProviderProps) {
  setNotifier(showToast);
  return (
    <ChakraProvider value={system}>
      {children}
      <ToastHost />
    </ChakraProvider>
  );
}
