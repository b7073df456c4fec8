import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, Stack, type ButtonProps } from '@chakra-ui/react';
import { messages, toastMs, userMessages } from '@portal/contracts';
import {
  clients,
  copyText,
  isIOS,
  isMobile,
  menuOpenBlock,
  notify,
  oneTapBlock,
  useSession,
  useSubscriptionLinks,
  type ClientId,
} from '@portal/platform';
import { Dropdown, lazyDialog } from '@portal/ui';
import type { QrDialogProps } from '@portal/ui/qr-dialog';
import { menuActionLabels, menuActions, type MenuAction } from '../lib/clients';
import type { ResetLinkDialogProps } from './reset-link-dialog';

const QrDialog = lazyDialog<QrDialogProps>(() => import('@portal/ui/qr-dialog').then((m) => ({ default: m.QrDialog })));
const ResetLinkDialog = lazyDialog<ResetLinkDialogProps>(() =>
  import('./reset-link-dialog').then((m) => ({ default: m.ResetLinkDialog })),
);

/** Height of one entry of the panel (a small button) and the panel's padding and border, in px. */
const ITEM_HEIGHT = 36;
const PANEL_CHROME = 16;

/**
 * The dropdown panel always opens below its button; when the button sits low on the screen (a
 * phone, the lower cards) the page scrolls first so that the whole panel fits.
 */
function makeRoomBelow(anchor: HTMLElement | null, panelHeight: number): void {
  if (!anchor) return;
  const overflow = anchor.getBoundingClientRect().bottom + panelHeight - window.innerHeight;
  if (overflow > 0) window.scrollBy({ top: overflow, behavior: 'instant' });
}

const toast = (kind: 'success' | 'error', title: string) => notify({ kind, title, durationMs: toastMs.short });

export interface SubscriptionMenuProps {
  client: ClientId;
  /** Button text; '订阅' by default. */
  children?: ReactNode;
  buttonProps?: Omit<ButtonProps, 'onClick' | 'onKeyDown' | 'children'>;
}

/**
 * A client's subscribe dropdown: one-tap import through the client's URL scheme, copy the link,
 * its QR code, and resetting the link. It opens only with user info loaded. Built on the portal's
 * light Dropdown (Chakra's Menu would add its state machine and positioning engine to every
 * visitor's first page).
 */
export function SubscriptionMenu({ client: clientId, children, buttonProps }: SubscriptionMenuProps) {
  const client = clients[clientId];
  const user = useSession((s) => s.user);
  const links = useSubscriptionLinks();
  const [open, setOpen] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const testId = { 'data-testid': `subscribe-${clientId}` };
  const anchor = useRef<HTMLDivElement>(null);
  const actions = menuActions(client);

  function changeOpen(next: boolean) {
    if (next) {
      const block = menuOpenBlock(client, user);
      if (block === 'loginFirst') return toast('error', messages.subscription.loginFirst);
      if (block === 'networkRetry') {
        toast('error', messages.subscription.networkRetry);
        void useSession.getState().refresh();
        return;
      }
      makeRoomBelow(anchor.current, actions.length * ITEM_HEIGHT + PANEL_CHROME);
    }
    setOpen(next);
  }

  async function select(action: MenuAction) {
    setOpen(false);
    if (!links) return toast('error', messages.subscription.loginFirst);
    switch (action) {
      case 'import':
      case 'importMoji': {
        const block = oneTapBlock(client, { mobile: isMobile(), ios: isIOS() });
        if (block) return toast('error', messages.subscription[block]);
        const url = action === 'import' ? client.oneTap?.(links) : client.moji?.oneTap(links);
        if (url) window.location.assign(url);
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
      case 'qr':
        return setQr((client.qr ?? client.link)(links));
      case 'reset':
        return setResetting(true);
    }
  }

  return (
    <>
      <Box ref={anchor} display="inline-flex">
        <Dropdown
          open={open}
          onOpenChange={changeOpen}
          label={`${client.name} ${userMessages.startUsing.subscribe}`}
          align="start"
          width={224}
          trigger={
            <>
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
            </>
          }
          triggerProps={{
            size: 'sm',
            variant: 'solid',
            colorPalette: 'brand',
            ...buttonProps,
            ...testId,
          }}
        >
          <Stack gap="0" p="1" data-testid={`subscribe-menu-${clientId}`}>
            {actions.map((action) => (
              <Button
                key={action}
                variant="ghost"
                size="sm"
                justifyContent="flex-start"
                color={action === 'reset' ? 'fg.error' : undefined}
                onClick={() => void select(action)}
              >
                {menuActionLabels[action]}
              </Button>
            ))}
          </Stack>
        </Dropdown>
      </Box>
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
