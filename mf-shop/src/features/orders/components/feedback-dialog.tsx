import { useState, type FormEvent } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Codes, ORDER_FEEDBACK_MAX_CHARS, shopMessages, type Order } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { orderFeedback } from '../api/order-feedback';
import { feedbackError, feedbackLength } from '../lib/feedback-rule';

const t = shopLabels.orders;

/** Order-problem feedback (spec-2 §5, §8): required, at most 30 characters; failure 未知错误. */
export function FeedbackDialog({
  order,
  onClose,
  onSent,
}: {
  order: Order;
  onClose: () => void;
  onSent: (order: Order, msg: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const length = feedbackLength(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const problem = feedbackError(text);
    setError(problem);
    if (problem) return;
    setSending(true);
    const msg = text.trim();
    const result = await orderFeedback(order._id, msg);
    setSending(false);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: shopMessages.orderFeedbackSent });
      onSent(order, msg);
      onClose();
    } else if (result.status !== 502 && result.code !== Codes.SESSION_EXPIRED) {
      notify({ kind: 'error', title: shopMessages.orderFeedbackFailed });
    }
  }

  return (
    <DialogFrame
      title={t.feedbackTitle}
      testId="order-feedback-dialog"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      cancelLabel={shopLabels.payment.close}
      actions={
        <Button type="submit" colorPalette="brand" loading={sending}>
          {t.feedbackSubmit}
        </Button>
      }
    >
      <Stack gap="3" fontSize="sm">
        <Text color="fg.muted" wordBreak="break-word">
          {order.desc}
        </Text>
        {order.user_feedback && (
          <Text data-testid="order-feedback-earlier">
            {t.feedbackEarlier}：{order.user_feedback}
          </Text>
        )}
        <Field.Root invalid={error !== null} required>
          <Field.Label>{t.feedbackLabel}</Field.Label>
          <Input
            name="msg"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={shopMessages.orderFeedbackRule}
            autoComplete="off"
          />
          {error ? (
            <Field.ErrorText data-testid="order-feedback-error">{error}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              {shopMessages.orderFeedbackRule}（{t.feedbackCount(length, ORDER_FEEDBACK_MAX_CHARS)}）
            </Field.HelperText>
          )}
        </Field.Root>
      </Stack>
    </DialogFrame>
  );
}
