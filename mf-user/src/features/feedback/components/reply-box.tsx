import { useForm, useWatch } from 'react-hook-form';
import { Button, Field, HStack, Stack } from '@chakra-ui/react';
import { Codes, toastMs, type FeedbackReplyForm, type FeedbackTicketDetail } from '@portal/contracts';
import { notify } from '@portal/platform';
import { ImageField } from '../../../components/image-field';
import { respondTicket } from '../api/respond-ticket';
import { feedbackLabels } from '../feedback-labels';
import { ticketFailure } from '../lib/ticket-failure';
import { replyResolver } from '../lib/ticket-forms';
import { TextArea } from './text-area';

const t = feedbackLabels.reply;

export interface ReplyBoxProps {
  ticketId: string;
  /** The whole thread the reply call answered with. */
  onReplied: (ticket: FeedbackTicketDetail) => void;
  /** 1035: the ticket was closed meanwhile; the owner reloads it (and the box goes away). */
  onClosed: () => void;
}

/**
 * The reply box of an open ticket (spec-2 §2): text (描述不能为空), an optional image, cancel
 * (clears both) and send. 1035 shows 该工单已关闭; other failures 创建反馈失败 or the server's words.
 */
export function ReplyBox({ ticketId, onReplied, onClosed }: ReplyBoxProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting: busy },
  } = useForm<FeedbackReplyForm>({
    resolver: replyResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { desc: '', imageUrl: '' },
  });
  const [desc, imageUrl] = useWatch({ control, name: ['desc', 'imageUrl'] });
  const error = errors.desc?.message;

  // The text comes trimmed from the resolver, as it is sent.
  const submit = handleSubmit(async (reply) => {
    const result = await respondTicket({ id: ticketId, ...reply });
    if (result.code === Codes.OK) {
      reset();
      notify({ kind: 'success', title: t.sent, durationMs: toastMs.short });
      onReplied(result.data);
      return;
    }
    const message = ticketFailure(result);
    if (message) notify({ kind: 'error', title: message, durationMs: toastMs.short });
    if (result.code === Codes.TICKET_CLOSED) onClosed();
  });

  return (
    <form onSubmit={(event) => (busy ? event.preventDefault() : void submit(event))} noValidate data-testid="reply-box">
      <Stack gap="3">
        <Field.Root invalid={error !== undefined} required>
          <Field.Label>{t.label}</Field.Label>
          <TextArea maxLength={feedbackLabels.create.descMax} placeholder={t.placeholder} {...register('desc')} />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <ImageField control={control} name="imageUrl" purpose="ticket" label={t.image} disabled={busy} />
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={() => reset()} disabled={busy || (desc === '' && imageUrl === '')}>
            {t.cancel}
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t.submitting}>
            {t.submit}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
