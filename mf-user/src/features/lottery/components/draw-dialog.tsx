import { useState } from 'react';
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Codes, toastMs, type PrizeDrawResult } from '@portal/contracts';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { formatGB } from '../../../lib/units';
import { prizeDraw } from '../api/prize-draw';
import { drawGains } from '../lib/lottery-text';
import { lotteryLabels as t } from '../lottery-labels';
import { CouponLine } from './draw-records';
import { PrizePhoto } from './prize-grid';

export interface DrawDialogProps {
  /** Bytes one draw costs. */
  cost: number;
  onClose: () => void;
  /** A draw was made: the page shows the traffic left and the record. */
  onDrawn: (result: PrizeDrawResult) => void;
  /** The server refused (its figures changed meanwhile): the page loads them again. */
  onRefused: () => void;
}

const REFUSALS: ReadonlySet<number> = new Set([
  Codes.PRIZE_PAID_ONLY,
  Codes.PRIZE_NOT_ENOUGH_TRAFFIC,
  Codes.PRIZE_UNAVAILABLE,
]);

/** Confirm, draw, then the result (the prize, what it gave, the coupon's code) in the same dialog. */
export default function DrawDialog({ cost, onClose, onDrawn, onRefused }: DrawDialogProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PrizeDrawResult | null>(null);

  async function draw() {
    setBusy(true);
    const answer = await prizeDraw();
    setBusy(false);
    if (answer.code === Codes.OK && answer.data) {
      setResult(answer.data);
      onDrawn(answer.data);
      return;
    }
    if (answer.status === 502) return;
    const message = REFUSALS.has(answer.code) && answer.msg ? answer.msg : t.drawFailed;
    notify({ kind: 'error', title: message, durationMs: toastMs.short });
    onClose();
    onRefused();
  }

  const won = result?.draw;
  const frame = won
    ? {
        title: t.result.title,
        role: 'dialog' as const,
        actions: (
          <Button colorPalette="brand" onClick={onClose}>
            {t.result.close}
          </Button>
        ),
      }
    : {
        title: t.confirm.title,
        role: 'alertdialog' as const,
        cancelLabel: t.confirm.cancel,
        confirmLabel: t.confirm.submit,
        busyLabel: t.drawing,
        onConfirm: () => void draw(),
      };
  return (
    <DialogFrame {...frame} testId="lottery-dialog" busy={busy} onClose={onClose} closeLabel={t.confirm.cancel}>
      {won ? (
        <Stack gap="3" align="center" textAlign="center" data-testid="lottery-result">
          <PrizePhoto url={won.photoUrl} name={won.prizeName} size="96px" />
          <Text fontSize="lg" fontWeight="semibold" wordBreak="break-word">
            {t.result.won(won.prizeName)}
          </Text>
          <HStack gap="1" flexWrap="wrap" justify="center">
            {drawGains(won).map((gain) => (
              <Badge key={gain} colorPalette="green" variant="subtle">
                {gain}
              </Badge>
            ))}
          </HStack>
          {won.coupon !== null && (
            <Stack gap="1">
              <CouponLine coupon={won.coupon} />
              <Text fontSize="xs" color="fg.muted">
                {t.couponHelp}
              </Text>
            </Stack>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t.left}：{formatGB(result.permanentTraffic)}G
          </Text>
        </Stack>
      ) : (
        <Text>{t.confirm.text(formatGB(cost))}</Text>
      )}
    </DialogFrame>
  );
}
