import { Value } from '@sinclair/typebox/value';
import { GiB, GIFT_MAX_GB } from '@portal/contracts';
import { GiftAmountForm } from '@portal/contracts/schemas';
import { firstFailingCheck } from '@portal/ui/form-checks';
import { bytesToGB } from '@portal/platform';
import { pushLabels } from '../push-labels';

const t = pushLabels.giveDialog;

/** Bytes as G with 2 decimals (1 G = 1024^3 bytes), as the page shows every amount. */
export const formatG = (bytes: number): string => bytesToGB(bytes, 2);

/** The fee rate as a percentage without trailing zeros (0.2 → '20', 0.125 → '12.5'). */
export const feePercent = (costRate: number): string => String(Math.round(costRate * 10000) / 100);

/** What a gift of `gb` G costs and gives, in bytes, with the BFF's rounding: fee = round(amount × rate). */
export function giftSplit(gb: number, costRate: number): { amount: number; fee: number; received: number } {
  const amount = gb * GiB;
  const fee = Math.round(amount * costRate);
  return { amount, fee, received: amount - fee };
}

type GiftLimits = { minPushNum: number; permanentTraffic: number };

/** More than a gift may carry, or than the permanent traffic left (only that can be given). */
const beyondLeft = (gb: number, { permanentTraffic }: GiftLimits) => gb > GIFT_MAX_GB || gb * GiB > permanentTraffic;

/**
 * The gift dialog's resolver: whole G, at least the minimum (spec-2 §5 最低转赠{n}G) and no more
 * than the permanent traffic left, in that order; the submit gets the amount trimmed.
 */
export function giftAmountResolver(limits: GiftLimits) {
  const gb = ({ pushNumber }: GiftAmountForm) => Number(pushNumber);
  return firstFailingCheck<GiftAmountForm>({
    schema: GiftAmountForm,
    checks: [
      { field: 'pushNumber', message: t.empty, fails: ({ pushNumber }) => pushNumber === '' },
      { field: 'pushNumber', message: t.wholeNumber, fails: 'schema' },
      { field: 'pushNumber', message: t.belowMinimum(limits.minPushNum), fails: (v) => gb(v) < limits.minPushNum },
      { field: 'pushNumber', message: t.notEnough, fails: (v) => beyondLeft(gb(v), limits) },
    ],
    trimmed: ['pushNumber'],
  });
}

/** The amount being typed, once it is one the dialog would send (for the fee preview), else null. */
export function typedGiftAmount(typed: string, limits: GiftLimits): number | null {
  const text = typed.trim();
  if (!Value.Check(GiftAmountForm, { pushNumber: text })) return null;
  const gb = Number(text);
  return gb < limits.minPushNum || beyondLeft(gb, limits) ? null : gb;
}
