import { CloseButton, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { adminMessages } from '@portal/contracts/admin-messages';
import { AdminNav, type NavGroup } from './admin-nav';

const t = adminMessages.layout;

export interface AdminDrawerProps {
  groups: NavGroup[];
  page: string;
  onClose: () => void;
}

/**
 * The sidebar on a phone: a panel from the left edge over the page (Chakra's dialog, so focus
 * stays inside, Esc and a tap beside it close it); choosing a screen closes it. Its own chunk,
 * fetched when the menu button is first pressed (see lazyDialog).
 */
export default function AdminDrawer({ groups, page, onClose }: AdminDrawerProps) {
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} motionPreset="slide-in-left">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner justifyContent="flex-start" alignItems="stretch">
          <Dialog.Content
            m="0"
            h="100dvh"
            maxH="100dvh"
            w="72"
            maxW="85vw"
            borderRadius="0"
            overflowY="auto"
            data-testid="admin-drawer"
          >
            <Dialog.Header py="3">
              <Dialog.Title fontSize="md">{t.nav}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body px="3" pb="4">
              <AdminNav groups={groups} page={page} onNavigate={onClose} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t.closeNav} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
