import { ORDER_FEEDBACK_MAX_CHARS, shopMessages } from '@portal/contracts';
import { OrderFeedbackForm } from '@portal/contracts/schemas';
import { firstFailingCheck } from '@portal/ui/form-checks';

/** Characters as a person counts them (an emoji is one), which is what the limit of 30 means. */
export function feedbackLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * Order-problem feedback (spec-2 §5): required, at most 30 characters; either failure shows the
 * rule itself, 简单描述，不要超过30字，管理员尽快处理. The message is sent trimmed.
 */
export const feedbackResolver = firstFailingCheck<OrderFeedbackForm>({
  schema: OrderFeedbackForm,
  checks: [
    {
      field: 'msg',
      message: shopMessages.orderFeedbackRule,
      fails: ({ msg }) => msg === '' || feedbackLength(msg) > ORDER_FEEDBACK_MAX_CHARS,
    },
    { field: 'msg', message: shopMessages.orderFeedbackRule, fails: 'schema' },
  ],
  trimmed: ['msg'],
});
