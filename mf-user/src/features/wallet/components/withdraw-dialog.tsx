import { useState } from 'react';
import { Button, CloseButton, Portal, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { Codes, toastMs, type Wallet } from '@portal/contracts';
import { notify } from '@portal/platform';
import { makeCharge } from '../api/make-charge';
import { formatBalance } from '../lib/withdraw-rules';
import { walletLabels } from '../wallet-labels';

const t = walletLabels.confirm;

export interface WithdrawDialogProps {
  wallet: Wallet;
  onClose: () => void;
  /** After a request was made: the page reloads the wallet and its records. */
  onDone: () => void;
}

/**
 * The confirm step before a withdrawal of the whole balance (spec-2 §5). 1012 shows the server's
 * message (spec-2 §8); the dialog closes on any answer but a network failure.
 */
export default function WithdrawDialog({ wallet, onClose, onDone }: WithdrawDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await makeCharge();
    setBusy(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: walletLabels.withdrawDone, durationMs: toastMs.short });
      onClose();
      onDone();
      return;
    }
    if (result.status === 502) return;
    const message = result.code === Codes.WITHDRAW_REFUSED && result.msg ? result.msg : walletLabels.withdrawFailed;
    notify({ kind: 'error', title: message, durationMs: toastMs.medium });
    onClose();
    // A refusal may mean the balance or the address changed elsewhere: show what the server has.
    onDone();
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open
      onOpenChange={(details) => !details.open && !busy && onClose()}
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="withdraw-dialog">
            <Dialog.Header>
              <Dialog.Title>{t.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="2">
                <Text>{t.text(formatBalance(wallet.money), wallet.addressType)}</Text>
                <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                  {wallet.address}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t.note}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                {t.cancel}
              </Button>
              <Button colorPalette="brand" onClick={() => void confirm()} loading={busy} loadingText={t.submitting}>
                {t.submit}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t.cancel} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
