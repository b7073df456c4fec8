import { ORDER_FEEDBACK_MAX_CHARS, shopMessages } from '@portal/contracts';

/** Characters as a person counts them (an emoji is one), which is what the limit of 30 means. */
export function feedbackLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * Order-problem feedback (spec-2 §5): required, at most 30 characters; either failure shows the
 * rule itself, 简单描述，不要超过30字，管理员尽快处理. Returns null when the text may be sent.
 */
export function feedbackError(text: string): string | null {
  const length = feedbackLength(text);
  return length === 0 || length > ORDER_FEEDBACK_MAX_CHARS ? shopMessages.orderFeedbackRule : null;
}
