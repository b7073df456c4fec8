/**
 * Support tickets (spec-2 §2 "feedback tickets", §3 "feedback ticket", §4 feedback status, §5
 * ticket rules, §8 feedback messages): the values both sides need, without the TypeBox runtime
 * (the schemas are in api/feedback.ts).
 */

/** What the server stores: open, or closed by an admin. "responsed" is derived (below). */
export const ticketStatuses = ['open', 'close'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Who wrote a comment: the ticket's user or an admin (spec-2 §3 comment type). */
export type TicketSide = 'USER' | 'ADMIN';

/** spec-2 §4: open (in progress), responsed (has reply), close (closed), else unknown. */
export type TicketViewStatus = 'open' | 'responsed' | 'close' | 'unknown';

/** The longest title and text (description, reply) a ticket takes, in characters. */
export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_DESC_MAX = 2000;

/**
 * spec-2 §4, derived on the client: a closed ticket is close; a non-closed one shows responsed
 * when the last comment is from the other party (for an admin: by the user; for a user: by an
 * admin), open otherwise; any other stored status is unknown.
 */
export function ticketViewStatus(
  ticket: { status: string; lastCommentType: TicketSide | null },
  viewerIsAdmin: boolean,
): TicketViewStatus {
  if (ticket.status === 'close') return 'close';
  if (ticket.status !== 'open') return 'unknown';
  const otherSide: TicketSide = viewerIsAdmin ? 'USER' : 'ADMIN';
  return ticket.lastCommentType === otherSide ? 'responsed' : 'open';
}

/**
 * Raised on `window` by the /feedback page after a reply or a close, so the header's badge for
 * admins (pending tickets) counts again at once instead of at its next refresh.
 */
export const FEEDBACK_CHANGED_EVENT = 'portal:feedback-changed';

export const feedbackMessages = {
  /** spec-2 §5. */
  titleRequired: '标题不能为空',
  /** spec-2 §5 (create and reply). */
  descRequired: '描述不能为空',
  /** spec-2 §8 (1035). */
  closed: '该工单已关闭',
  /** spec-2 §8: any other reply failure. */
  replyFailed: '创建反馈失败',
  /** spec-2 §8. */
  closeFailed: '关闭失败',
  // Ours: the spec does not word these.
  /** Another user's ticket reads exactly like one that does not exist. */
  notFound: '工单不存在',
  titleTooLong: `标题不能超过${FEEDBACK_TITLE_MAX}字`,
  descTooLong: `描述不能超过${FEEDBACK_DESC_MAX}字`,
  /** The header badge of admins (title of the count on the 问题反馈 tab). */
  pendingBadge: (n: number) => `${n} 个工单待处理`,
  /** spec-2 §4 labels. */
  statuses: {
    open: '处理中',
    responsed: '已回复',
    close: '已关闭',
    unknown: '未知',
  } satisfies Record<TicketViewStatus, string>,
} as const;
