import { useState, type FormEvent } from 'react';
import { Field, Input, Stack } from '@chakra-ui/react';
import { Codes, toastMs, type FeedbackTicketDetail } from '@portal/contracts';
import { notify } from '@portal/platform';
import { ImageUpload } from '@portal/ui';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { createTicket } from '../api/create-ticket';
import { feedbackLabels } from '../feedback-labels';
import { ticketFailure } from '../lib/ticket-failure';
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
  const [title, setTitle] = useState('');
  const [desc, setDesc] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [errors, setErrors] = useState<{ title?: string; desc?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(title.trim() === '' ? { title: t.titleRequired } : {}),
      ...(desc.trim() === '' ? { desc: t.descRequired } : {}),
    };
    setErrors(found);
    if (found.title || found.desc) return;
    setBusy(true);
    const result = await createTicket({ title: title.trim(), desc: desc.trim(), imageUrl });
    setBusy(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: t.done, durationMs: toastMs.short });
      onCreated(result.data);
      onClose();
      return;
    }
    const message = ticketFailure(result);
    if (message) notify({ kind: 'error', title: message, durationMs: toastMs.short });
  }

  return (
    <DialogFrame
      title={t.title}
      testId="create-ticket-dialog"
      size="md"
      busy={busy}
      onClose={onClose}
      closeOnOutsideClick={false}
      onSubmit={(event) => void submit(event)}
      closeLabel={t.cancel}
      cancelLabel={t.cancel}
      confirmLabel={t.submit}
      busyLabel={t.submitting}
    >
      <Stack gap="4">
        <Field.Root invalid={errors.title !== undefined} required>
          <Field.Label>{t.fieldTitle}</Field.Label>
          <Input
            name="title"
            value={title}
            maxLength={t.titleMax}
            autoComplete="off"
            placeholder={t.titlePlaceholder}
            onChange={(event) => setTitle(event.target.value)}
          />
          {errors.title && <Field.ErrorText>{errors.title}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={errors.desc !== undefined} required>
          <Field.Label>{t.fieldDesc}</Field.Label>
          <TextArea
            name="desc"
            value={desc}
            maxLength={t.descMax}
            placeholder={t.descPlaceholder}
            onChange={(event) => setDesc(event.target.value)}
          />
          {errors.desc ? (
            <Field.ErrorText>{errors.desc}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t.count(desc.length, t.descMax)}</Field.HelperText>
          )}
        </Field.Root>
        <ImageUpload value={imageUrl} onChange={setImageUrl} purpose="ticket" label={t.image} disabled={busy} />
      </Stack>
    </DialogFrame>
  );
}
