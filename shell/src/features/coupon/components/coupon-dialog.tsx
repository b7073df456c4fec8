import { useForm } from 'react-hook-form';
import { Button, Field, Input, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { frameMessages, messages } from '@portal/contracts';
import { RedeemCouponRequest } from '@portal/contracts/schemas';
import { firstFailingCheck } from '@portal/ui/form-checks';
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

/** The code, trimmed as it is sent: a blank one is refused here (spec-1 §5). */
const resolver = firstFailingCheck<RedeemCouponRequest>({
  schema: RedeemCouponRequest,
  checks: [{ field: 'code', message: frameMessages.coupon.empty, fails: 'schema' }],
  trimmed: ['code'],
});

/** Inside the content, so that closing (which unmounts it) starts the next opening afresh. */
function CouponForm({ onRedeemed }: { onRedeemed: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RedeemCouponRequest>({ resolver, reValidateMode: 'onSubmit', defaultValues: { code: '' } });
  const error = errors.code?.message;

  const submit = handleSubmit(async ({ code }) => {
    // A code already redeemed in this browser is refused without asking the server.
    if (await localRecords.hasCoupon(code)) {
      setError('code', { type: 'local', message: messages.coupon.repeated });
      return;
    }
    const outcome = couponOutcome(await redeemCoupon(code));
    if (outcome.record) await localRecords.addCoupon(code);
    if (outcome.toast) notify(outcome.toast);
    if (outcome.ok) {
      void useSession.getState().refresh();
      onRedeemed();
      return;
    }
    if (outcome.fieldError) setError('code', { type: 'server', message: outcome.fieldError });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Dialog.Header>
        <Dialog.Title>{frameMessages.coupon.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Field.Root invalid={error !== undefined}>
          <Field.Label>{frameMessages.coupon.label}</Field.Label>
          <Input
            {...register('code')}
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
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={frameMessages.coupon.submitting}>
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
