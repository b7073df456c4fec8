import { useState } from 'react';
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { toastMs, type PrizeDrawResult, type PrizeInfo } from '@portal/contracts';
import { notify } from '@portal/platform';
import { lazyDialog } from '@portal/ui';
import { formatGB } from '../../../lib/units';
import { drawRefusal } from '../lib/lottery-text';
import { lotteryLabels as t } from '../lottery-labels';

const DrawDialog = lazyDialog(() => import('./draw-dialog'));

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The cost of a draw, the user's permanent traffic and the 抽奖 button: the server's refusals are
 * checked first (unpaid, no prize, not enough traffic), then the confirm dialog draws.
 */
export function DrawPanel({
  info,
  onDrawn,
  onRefused,
}: {
  info: PrizeInfo;
  onDrawn: (result: PrizeDrawResult) => void;
  onRefused: () => void;
}) {
  const [open, setOpen] = useState(false);

  function start() {
    const refusal = drawRefusal(info);
    if (refusal) return notify({ kind: 'error', title: refusal, durationMs: toastMs.short });
    setOpen(true);
  }

  return (
    <Card.Root size="sm" data-testid="lottery-panel">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-end" gap="4" flexWrap="wrap">
          <HStack gap="6" flexWrap="wrap">
            <Figure label={t.cost} value={`${formatGB(info.cost)}G`} testId="lottery-cost" />
            <Figure label={t.left} value={`${formatGB(info.permanentTraffic)}G`} testId="lottery-left" />
          </HStack>
          <Button
            colorPalette="brand"
            size="lg"
            minW="32"
            onClick={start}
            onPointerEnter={DrawDialog.preload}
            data-testid="lottery-draw"
          >
            {t.draw}
          </Button>
        </HStack>
        {!info.paidUser && (
          <Text fontSize="sm" color="fg.warning" data-testid="lottery-paid-only">
            {t.paidOnly}，{t.paidOnlyHint}
          </Text>
        )}
      </Card.Body>
      {open && <DrawDialog cost={info.cost} onClose={() => setOpen(false)} onDrawn={onDrawn} onRefused={onRefused} />}
    </Card.Root>
  );
}
