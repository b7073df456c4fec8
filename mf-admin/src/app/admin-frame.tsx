import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { SecondFactorPromptHost } from '@portal/ui/second-factor';
import { adminSystem } from './admin-system';

/**
 * Every back-office screen renders inside this provider: the admin system adds the table and
 * form recipes to the portal's (see admin-system.ts). Dialogs rendered in a portal keep it, as
 * it is React context.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={adminSystem}>
      {children}
      {/* A call refused for the second factor (step-up 1133, required 1132) asks for it here and is retried. */}
      <SecondFactorPromptHost />
    </ChakraProvider>
  );
}
