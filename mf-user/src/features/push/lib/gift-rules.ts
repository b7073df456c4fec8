import { GiB, GIFT_MAX_GB } from '@portal/contracts';
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

/**
 * The amount typed in the gift dialog: whole G, at least the minimum (spec-2 §5 最低转赠{n}G) and
 * no more than the permanent traffic left. `{ gb }` when it may be sent, else the message to show.
 */
export function checkGiftAmount(
  typed: string,
  { minPushNum, permanentTraffic }: { minPushNum: number; permanentTraffic: number },
): { gb: number } | { error: string } {
  const text = typed.trim();
  if (text === '') return { error: t.empty };
  if (!/^\d+$/.test(text)) return { error: t.wholeNumber };
  const gb = Number(text);
  if (gb < minPushNum) return { error: t.belowMinimum(minPushNum) };
  if (gb > GIFT_MAX_GB || gb * GiB > permanentTraffic) return { error: t.notEnough };
  return { gb };
}
