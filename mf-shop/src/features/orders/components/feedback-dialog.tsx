import { useForm, useWatch } from 'react-hook-form';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Codes, ORDER_FEEDBACK_MAX_CHARS, shopMessages, type Order, type OrderFeedbackForm } from '@portal/contracts';
import { shopLabels } from '@portal/contracts/shop-labels';
import { notify } from '@portal/platform';
import { DialogFrame } from '@portal/ui/dialog-frame';
import { orderFeedback } from '../api/order-feedback';
import { feedbackLength, feedbackResolver } from '../lib/feedback-rule';

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
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<OrderFeedbackForm>({
    resolver: feedbackResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { msg: '' },
  });
  const error = errors.msg?.message;
  const length = feedbackLength(useWatch({ control, name: 'msg' }));

  const submit = handleSubmit(async ({ msg }) => {
    const result = await orderFeedback(order._id, msg);
    if (result.code === Codes.OK) {
      notify({ kind: 'success', title: shopMessages.orderFeedbackSent });
      onSent(order, msg);
      onClose();
    } else if (result.status !== 502 && result.code !== Codes.SESSION_EXPIRED) {
      notify({ kind: 'error', title: shopMessages.orderFeedbackFailed });
    }
  });

  return (
    <DialogFrame
      title={t.feedbackTitle}
      testId="order-feedback-dialog"
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      cancelLabel={shopLabels.payment.close}
      actions={
        <Button type="submit" colorPalette="brand" loading={isSubmitting}>
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
        <Field.Root invalid={error !== undefined} required>
          <Field.Label>{t.feedbackLabel}</Field.Label>
          <Input {...register('msg')} placeholder={shopMessages.orderFeedbackRule} autoComplete="off" />
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
