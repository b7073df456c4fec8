import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { frameMessages, messages } from '@portal/contracts';
import { localRecords, notify, useSession } from '@portal/platform';
import { CloseIcon } from '../../../components/icons';
import { redeemCoupon } from '../api/redeem-coupon';
import { couponOutcome } from '../lib/coupon-outcome';

export interface CouponDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The trial-coupon dialog (spec-1 §2, §5, §8). The owner shows it to signed-in users only; it
 * closes on success or cancel. Loaded on demand, outside the first page.
 */
export function CouponDialog({ open, onOpenChange }: CouponDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <CouponForm onRedeemed={() => onOpenChange(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Inside the content, so that closing (which unmounts it) starts the next opening afresh. */
function CouponForm({ onRedeemed }: { onRedeemed: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError(frameMessages.coupon.empty);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      // A code already redeemed in this browser is refused without asking the server.
      if (await localRecords.hasCoupon(trimmed)) {
        setError(messages.coupon.repeated);
        return;
      }
      const outcome = couponOutcome(await redeemCoupon(trimmed));
      if (outcome.record) await localRecords.addCoupon(trimmed);
      if (outcome.toast) notify(outcome.toast);
      if (outcome.ok) {
        void useSession.getState().refresh();
        onRedeemed();
        return;
      }
      setError(outcome.fieldError ?? null);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{frameMessages.coupon.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Field.Root invalid={error !== null}>
          <Field.Label>{frameMessages.coupon.label}</Field.Label>
          <Input
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={frameMessages.coupon.placeholder}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
          />
          <Field.ErrorText data-testid="coupon-error">{error}</Field.ErrorText>
        </Field.Root>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button type="button" variant="outline">
            {frameMessages.coupon.cancel}
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={submitting} loadingText={frameMessages.coupon.submitting}>
          {frameMessages.coupon.submit}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <Button type="button" variant="ghost" size="sm" aria-label={frameMessages.close}>
          <CloseIcon size={18} />
        </Button>
      </Dialog.CloseTrigger>
    </form>
  );
}
