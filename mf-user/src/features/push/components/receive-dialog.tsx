import { useForm } from 'react-hook-form';
import { Field, Input, Stack } from '@chakra-ui/react';
import { Codes, GIFT_CODE_MAX_LENGTH, toastMs } from '@portal/contracts';
import { PushReceiveRequest } from '@portal/contracts/schemas';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { firstFailingCheck } from '@portal/ui/form-checks';
import { receivePush } from '../api/receive-push';
import { formatG } from '../lib/gift-rules';
import { pushLabels } from '../push-labels';

const t = pushLabels.receiveDialog;

/** Refusals the BFF words itself (spec-2 §8: 1040 code unknown or used, 1039 too often). */
const SERVER_WORDED: ReadonlySet<number> = new Set([Codes.GIFT_CODE_INVALID, Codes.GIFT_TOO_FREQUENT]);

/** The receive call's schema on the code, trimmed as it is sent: a blank code is refused here. */
const resolver = firstFailingCheck<PushReceiveRequest>({
  schema: PushReceiveRequest,
  checks: [{ field: 'code', message: t.empty, fails: 'schema' }],
  trimmed: ['code'],
});

export interface ReceiveDialogProps {
  onClose: () => void;
  /** After a gift was received: the page reloads its list. */
  onDone: () => void;
}

/** The receive dialog (spec-2 §2): a code; what it gave is toasted, a refusal shown in the dialog. */
export default function ReceiveDialog({ onClose, onDone }: ReceiveDialogProps) {
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<PushReceiveRequest>({ resolver, reValidateMode: 'onSubmit', defaultValues: { code: '' } });
  const error = errors.code?.message;

  const submit = handleSubmit(async ({ code }) => {
    const result = await receivePush({ code });
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.done(formatG(result.data.receiveNumber)), durationMs: toastMs.short });
      onClose();
      onDone();
      return;
    }
    if (result.status === 502) return;
    const message = SERVER_WORDED.has(result.code) && result.msg ? result.msg : t.unknown;
    setError('code', { type: 'server', message });
  });

  return (
    <DialogFrame
      title={t.title}
      testId="receive-dialog"
      busy={isSubmitting}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      closeLabel={t.cancel}
      cancelLabel={t.cancel}
      confirmLabel={t.submit}
      busyLabel={t.submitting}
    >
      <Stack gap="3">
        <Field.Root invalid={error !== undefined}>
          <Field.Label>{t.code}</Field.Label>
          <Input
            placeholder={t.placeholder}
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
            maxLength={GIFT_CODE_MAX_LENGTH}
            autoFocus
            {...register('code', { onChange: () => clearErrors('code') })}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
