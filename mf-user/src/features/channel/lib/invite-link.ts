/** The invite link of spec-2 §2: the portal's address with `?c=<code>` (read at load by applyAddressParams). */
export function inviteLink(base: string, code: string): string {
  return `${base.replace(/\/+$/, '')}/?c=${encodeURIComponent(code)}`;
}

/** A rate as a percentage without trailing zeros (0.1 → '10', 0.125 → '12.5'). */
export const ratePercent = (rate: number): string => String(Math.round(rate * 10000) / 100);
