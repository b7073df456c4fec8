import { useRef, useState, type ReactNode } from 'react';
import { Button, Menu, Portal, type ButtonProps } from '@chakra-ui/react';
import { messages, toastMs, userMessages } from '@portal/contracts';
import { isIOS, isMobile, notify, useSession } from '@portal/platform';
import { QrDialog } from '@portal/ui';
import { copyText } from '../../../lib/clipboard';
import { useSubscriptionLinks } from '../hooks/use-subscription-links';
import {
  clients,
  menuActionLabels,
  menuActions,
  menuOpenBlock,
  oneTapBlock,
  type ClientId,
  type MenuAction,
} from '../lib/clients';
import { ResetLinkDialog } from './reset-link-dialog';

const toast = (kind: 'success' | 'error', title: string) => notify({ kind, title, durationMs: toastMs.short });

export interface SubscriptionMenuProps {
  client: ClientId;
  /** Button text; '订阅' by default. */
  children?: ReactNode;
  buttonProps?: ButtonProps;
}

/**
 * A client's subscribe dropdown: one-tap import through the client's URL scheme, copy the link,
 * its QR code, and resetting the link. It opens only with user info loaded.
 */
export function SubscriptionMenu({ client: clientId, children, buttonProps }: SubscriptionMenuProps) {
  const client = clients[clientId];
  const user = useSession((s) => s.user);
  const links = useSubscriptionLinks();
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  // A dialog opened while the menu is still open joins the menu's dismissable layer and is
  // dismissed with it, so dialogs open once the menu has finished closing.
  const afterClose = useRef<(() => void) | null>(null);

  function changeOpen(next: boolean) {
    if (next) {
      const block = menuOpenBlock(client, user);
      if (block === 'loginFirst') return toast('error', messages.subscription.loginFirst);
      if (block === 'networkRetry') {
        toast('error', messages.subscription.networkRetry);
        void useSession.getState().refresh();
        return;
      }
    }
    setOpen(next);
  }

  async function select(action: MenuAction) {
    if (!links) return toast('error', messages.subscription.loginFirst);
    switch (action) {
      case 'import':
      case 'importMoji': {
        const block = oneTapBlock(client, { mobile: isMobile(), ios: isIOS() });
        if (block) return toast('error', messages.subscription[block]);
        const url = action === 'import' ? client.oneTap?.(links) : client.moji?.oneTap(links);
        if (url) window.location.href = url;
        return;
      }
      case 'copy':
      case 'copyMoji': {
        const link = action === 'copy' ? client.link(links) : client.moji?.link(links);
        const copied = link ? await copyText(link) : false;
        return copied
          ? toast('success', messages.subscription.copied)
          : toast('error', messages.subscription.copyFailed);
      }
      case 'qr': {
        const content = (client.qr ?? client.link)(links);
        afterClose.current = () => setQr(content);
        return;
      }
      case 'reset':
        afterClose.current = () => setResetting(true);
        return;
    }
  }

  return (
    <>
      <Menu.Root
        open={open}
        onOpenChange={(details) => changeOpen(details.open)}
        onSelect={(details) => void select(details.value as MenuAction)}
        onExitComplete={() => {
          const run = afterClose.current;
          afterClose.current = null;
          run?.();
        }}
        positioning={{ placement: 'bottom-start' }}
      >
        <Menu.Trigger asChild>
          <Button size="sm" colorPalette="brand" data-testid={`subscribe-${clientId}`} {...buttonProps}>
            {children ?? userMessages.startUsing.subscribe}
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path
                d="M2.5 4.5 L6 8 L9.5 4.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="44" data-testid={`subscribe-menu-${clientId}`}>
              {menuActions(client).map((action) => (
                <Menu.Item key={action} value={action} color={action === 'reset' ? 'fg.error' : undefined}>
                  {menuActionLabels[action]}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {qr !== null && (
        <QrDialog
          open
          content={qr}
          title={messages.subscription.qrTitle}
          desc={messages.subscription.qrDesc}
          payMode=""
          onClose={() => setQr(null)}
        />
      )}
      {resetting && <ResetLinkDialog open onClose={() => setResetting(false)} />}
    </>
  );
}
