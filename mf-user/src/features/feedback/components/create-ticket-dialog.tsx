import { useForm, useWatch } from 'react-hook-form';
import { Field, Input, Stack } from '@chakra-ui/react';
import { Codes, toastMs, type FeedbackCreateForm, type FeedbackTicketDetail } from '@portal/contracts';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { ImageField } from '../../../components/image-field';
import { createTicket } from '../api/create-ticket';
import { feedbackLabels } from '../feedback-labels';
import { ticketFailure } from '../lib/ticket-failure';
import { createTicketResolver } from '../lib/ticket-forms';
import { TextArea } from './text-area';

const t = feedbackLabels.create;

export interface CreateTicketDialogProps {
  onClose: () => void;
  onCreated: (ticket: FeedbackTicketDetail) => void;
}

/**
 * The create-ticket dialog (spec-2 §2, §5): title (标题不能为空), description (描述不能为空) and
 * an optional image, checked here first and again by the BFF. A refused call keeps what was typed.
 */
export default function CreateTicketDialog({ onClose, onCreated }: CreateTicketDialogProps) {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting: busy },
  } = useForm<FeedbackCreateForm>({
    resolver: createTicketResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { title: '', desc: '', imageUrl: '' },
  });
  const desc = useWatch({ control, name: 'desc' });

  // The title and the text come trimmed from the resolver, as they are sent.
  const submit = handleSubmit(async (ticket) => {
    const result = await createTicket(ticket);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.done, durationMs: toastMs.short });
      onCreated(result.data);
      onClose();
      return;
    }
    const message = ticketFailure(result);
    if (message) notify({ kind: 'error', title: message, durationMs: toastMs.short });
  });

  return (
    <DialogFrame
      title={t.title}
      testId="create-ticket-dialog"
      size="md"
      busy={busy}
      onClose={onClose}
      closeOnOutsideClick={false}
      onSubmit={(event) => (busy ? event.preventDefault() : void submit(event))}
      closeLabel={t.cancel}
      cancelLabel={t.cancel}
      confirmLabel={t.submit}
      busyLabel={t.submitting}
    >
      <Stack gap="4">
        <Field.Root invalid={errors.title !== undefined} required>
          <Field.Label>{t.fieldTitle}</Field.Label>
          <Input maxLength={t.titleMax} autoComplete="off" placeholder={t.titlePlaceholder} {...register('title')} />
          {errors.title && <Field.ErrorText>{errors.title.message}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={errors.desc !== undefined} required>
          <Field.Label>{t.fieldDesc}</Field.Label>
          <TextArea maxLength={t.descMax} placeholder={t.descPlaceholder} {...register('desc')} />
          {errors.desc ? (
            <Field.ErrorText>{errors.desc.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t.count(desc.length, t.descMax)}</Field.HelperText>
          )}
        </Field.Root>
        <ImageField control={control} name="imageUrl" purpose="ticket" label={t.image} disabled={busy} />
      </Stack>
    </DialogFrame>
  );
}
