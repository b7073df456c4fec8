import { useState } from 'react';
import { Button, HStack, Input, Text } from '@chakra-ui/react';
import { GiB } from '@portal/contracts';
import type { CustomFieldProps } from '../../../engine/types';
import { discountText, expiryDay, expiryOf, randomCouponCode } from '../lib/coupon-form';

const t = {
  random: '随机',
  randomLabel: '生成随机优惠券码',
  never: '留空为永不过期',
} as const;

/**
 * A number typed as text: the draft stays as typed ('1.', '') while the form holds the number
 * it means (NaN while it means none, which the schema refuses).
 */
function useNumberDraft(value: unknown, toText: (n: number) => string) {
  const shown = typeof value === 'number' && Number.isFinite(value) ? toText(value) : '';
  const [draft, setDraft] = useState(shown);
  const [synced, setSynced] = useState(value);
  if (!Object.is(value, synced)) {
    setSynced(value);
    if (Number(draft) !== Number(shown)) setDraft(shown);
  }
  return [draft, setDraft] as const;
}

const parsed = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Traffic edited in GB (1024³ bytes), kept in bytes. */
export function TrafficGbField({ value, onChange, invalid }: CustomFieldProps) {
  const [draft, setDraft] = useNumberDraft(value, (bytes) => String(Math.round((bytes / GiB) * 1000) / 1000));
  return (
    <Input
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      value={draft}
      aria-invalid={invalid}
      onChange={(event) => {
        setDraft(event.target.value);
        const gb = parsed(event.target.value);
        onChange(Number.isFinite(gb) ? Math.round(gb * GiB) : Number.NaN);
      }}
    />
  );
}

/** The discount as a fraction (0.1–1), shown beside it as 折 (0.9 = 9.0折). */
export function DiscountField({ value, onChange, invalid }: CustomFieldProps) {
  const [draft, setDraft] = useNumberDraft(value, String);
  const discount = parsed(draft);
  return (
    <HStack gap="3">
      <Input
        type="number"
        inputMode="decimal"
        min={0.1}
        max={1}
        step={0.05}
        value={draft}
        aria-invalid={invalid}
        onChange={(event) => {
          setDraft(event.target.value);
          onChange(parsed(event.target.value));
        }}
      />
      <Text flexShrink={0} fontWeight="medium" data-testid="coupon-discount-text">
        {Number.isFinite(discount) ? discountText(discount) : ''}
      </Text>
    </HStack>
  );
}

/** The code, with a button that draws a random one. */
export function CodeField({ value, onChange, invalid }: CustomFieldProps) {
  return (
    <HStack gap="2">
      <Input
        value={typeof value === 'string' ? value : ''}
        aria-invalid={invalid}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      <Button variant="outline" aria-label={t.randomLabel} onClick={() => onChange(randomCouponCode())}>
        {t.random}
      </Button>
    </HStack>
  );
}

/** The expiry as a day (valid through its end, the browser's time zone); empty never expires. */
export function ExpiryField({ value, onChange, invalid }: CustomFieldProps) {
  return (
    <Input
      type="date"
      value={expiryDay(typeof value === 'string' ? value : null)}
      aria-invalid={invalid}
      title={t.never}
      onChange={(event) => onChange(expiryOf(event.target.value))}
    />
  );
}
