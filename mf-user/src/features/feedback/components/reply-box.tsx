import { useState, type FormEvent } from 'react';
import { Button, Field, HStack, Stack } from '@chakra-ui/react';
import { Codes, toastMs, type FeedbackTicketDetail } from '@portal/contracts';
import { notify } from '@portal/platform';
import { ImageUpload } from '@portal/ui';
import { respondTicket } from '../api/respond-ticket';
import { feedbackLabels } from '../feedback-labels';
import { ticketFailure } from '../lib/ticket-failure';
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
  const [desc, setDesc] = useState('');
  const [imageUrl, setImageUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function clear() {
    setDesc('');
    setImageUrl('');
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (desc.trim() === '') {
      setError(t.descRequired);
      return;
    }
    setError(null);
    setBusy(true);
    const result = await respondTicket({ id: ticketId, desc: desc.trim(), imageUrl });
    setBusy(false);
    if (result.code === Codes.OK) {
      clear();
      notify({ kind: 'success', title: t.sent, durationMs: toastMs.short });
      onReplied(result.data);
      return;
    }
    const message = ticketFailure(result);
    if (message) notify({ kind: 'error', title: message, durationMs: toastMs.short });
    if (result.code === Codes.TICKET_CLOSED) onClosed();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="reply-box">
      <Stack gap="3">
        <Field.Root invalid={error !== null} required>
          <Field.Label>{t.label}</Field.Label>
          <TextArea
            name="reply"
            value={desc}
            maxLength={feedbackLabels.create.descMax}
            placeholder={t.placeholder}
            onChange={(event) => setDesc(event.target.value)}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <ImageUpload value={imageUrl} onChange={setImageUrl} purpose="ticket" label={t.image} disabled={busy} />
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={clear} disabled={busy || (desc === '' && imageUrl === '')}>
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
