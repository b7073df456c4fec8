import { Stack, Text } from '@chakra-ui/react';
import { Codes, toastMs, type Wallet } from '@portal/contracts';
import { notify } from '@portal/platform';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
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
 * The confirm step before a withdrawal of the whole withdrawable money (spec-2 §5; shop credit
 * stays in the wallet). The request names the amount shown, so it never takes more than the
 * dialog said. 1012 shows the server's
 * message (spec-2 §8); the dialog closes on any answer but a network failure.
 */
export default function WithdrawDialog({ wallet, onClose, onDone }: WithdrawDialogProps) {
  async function confirm() {
    const result = await makeCharge(wallet.withdrawable_money);
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
    <ConfirmDialog
      title={t.title}
      testId="withdraw-dialog"
      cancelLabel={t.cancel}
      confirmLabel={t.submit}
      busyLabel={t.submitting}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="2">
        <Text data-testid="withdraw-dialog-amount">
          {t.text(formatBalance(wallet.withdrawable_money), wallet.addressType)}
        </Text>
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {wallet.address}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t.note}
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
