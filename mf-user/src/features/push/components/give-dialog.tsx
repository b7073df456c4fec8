import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Codes, toastMs, type GiftAmountForm, type Gift, type PushList } from '@portal/contracts';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { CopyButton } from '../../../components/copy-button';
import { createPush } from '../api/create-push';
import { formatG, giftAmountResolver, giftSplit, typedGiftAmount } from '../lib/gift-rules';
import { pushLabels } from '../push-labels';

const t = pushLabels.giveDialog;

/** Refusals the BFF words itself (spec-2 §8): shown as it sent them. */
const SERVER_WORDED: ReadonlySet<number> = new Set([
  Codes.GIFT_BELOW_MIN,
  Codes.GIFT_NOT_ENOUGH_TRAFFIC,
  Codes.GIFT_TOO_FREQUENT,
]);

export interface GiveDialogProps {
  rules: Pick<PushList, 'minPushNum' | 'costRate' | 'permanentTraffic'>;
  onClose: () => void;
  /** After a gift was made: the page reloads its list. */
  onDone: () => void;
}

/**
 * The gift dialog (spec-2 §2, §5): whole G, at least minPushNum (最低转赠{n}G), at most the
 * permanent traffic; the fee and what the receiver gets are shown as the amount is typed. Once
 * made, the dialog shows the code with a copy button.
 */
export default function GiveDialog({ rules, onClose, onDone }: GiveDialogProps) {
  const resolver = useMemo(() => giftAmountResolver(rules), [rules]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<GiftAmountForm>({ resolver, reValidateMode: 'onSubmit', defaultValues: { pushNumber: '' } });
  const [made, setMade] = useState<Gift | null>(null);
  const error = errors.pushNumber?.message;

  const gb = typedGiftAmount(useWatch({ control, name: 'pushNumber' }), rules);
  const split = gb !== null ? giftSplit(gb, rules.costRate) : null;

  const submit = handleSubmit(async ({ pushNumber }) => {
    if (made) return;
    const result = await createPush({ pushNumber: Number(pushNumber) });
    if (result.code === Codes.OK) {
      setMade(result.data);
      notify({ kind: 'success', title: t.done, durationMs: toastMs.short });
      onDone();
      return;
    }
    if (result.status === 502) return;
    setError('pushNumber', {
      type: 'server',
      message: SERVER_WORDED.has(result.code) && result.msg ? result.msg : t.failed,
    });
  });

  // Once made, the dialog shows the code; the form stays its frame (no field, no submit button left).
  const footer = made
    ? {
        actions: (
          <>
            <CopyButton text={made.code} label={pushLabels.copyCode} size="sm" />
            <Button colorPalette="brand" onClick={onClose}>
              {t.close}
            </Button>
          </>
        ),
      }
    : { cancelLabel: t.cancel, confirmLabel: t.submit, busyLabel: t.submitting };
  return (
    <DialogFrame
      {...footer}
      title={made ? t.doneTitle : t.title}
      testId="give-dialog"
      busy={isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      closeLabel={t.cancel}
    >
      {made ? (
        <Stack gap="2">
          <Text fontSize="sm">{t.done}</Text>
          <Text fontFamily="mono" wordBreak="break-all" data-testid="made-code">
            {made.code}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t.preview(formatG(made.fee), formatG(made.receiveNumber))}
          </Text>
        </Stack>
      ) : (
        <Stack gap="3">
          <Field.Root invalid={error !== undefined}>
            <Field.Label>{t.amount}</Field.Label>
            <Input
              inputMode="numeric"
              placeholder={t.placeholder(rules.minPushNum)}
              autoComplete="off"
              autoFocus
              {...register('pushNumber', { onChange: () => clearErrors('pushNumber') })}
            />
            {error ? (
              <Field.ErrorText>{error}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t.available(formatG(rules.permanentTraffic))}</Field.HelperText>
            )}
          </Field.Root>
          <Text fontSize="sm" color="fg.muted" data-testid="give-preview" aria-live="polite">
            {split ? t.preview(formatG(split.fee), formatG(split.received)) : '\u00a0'}
          </Text>
        </Stack>
      )}
    </DialogFrame>
  );
}
