import { SimpleGrid } from '@chakra-ui/react';
import type { AdminPrize } from '@portal/contracts';
import { Figure } from '../../../engine/components/figure';
import { percentText, prizeLabels as t, prizeTotals } from '../lib/prize-form';

const gText = (g: number) => `${Number(g.toFixed(2))} G`;

/** Above the prize table (spec-2 §2 item 15): total weight, total logical traffic, win rate. */
export function PrizeSummary({ prizes }: { prizes: readonly AdminPrize[] }) {
  const totals = prizeTotals(prizes);
  return (
    <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" data-testid="prize-totals">
      <Figure label={t.totalWeight} value={String(totals.totalWeight)} testId="prize-total-weight" />
      <Figure label={t.logicalTraffic} value={gText(totals.logicalTraffic)} testId="prize-logical-traffic" />
      <Figure label={t.winRate} value={percentText(totals.winRate)} testId="prize-win-rate" />
    </SimpleGrid>
  );
}
