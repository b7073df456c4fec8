import { Type, type Static } from '@sinclair/typebox';
import { FEEDBACK_DESC_MAX, FEEDBACK_TITLE_MAX, type TicketSide, type TicketStatus } from '../feedback.js';

/**
 * Support tickets (spec-2 §3 "feedback ticket", §7 /api/feedback/*). Times are ISO strings; an
 * image is its download path ('/api/file/downloads/<name>', '' = none), an upload of the caller's
 * own made for the purpose 'ticket'. Empty titles and texts are refused by the service with the
 * spec's messages (标题不能为空, 描述不能为空), so the schemas only bound their lengths.
 */

const TicketId = Type.String({ pattern: '^[0-9A-Za-z_\\-]{1,64}$' });
/** '', the download path or the bare generated name (the server checks it is the caller's upload). */
const ImageRef = Type.String({ maxLength: 200 });

/** /api/feedback/create */
export const FeedbackCreateRequest = Type.Object(
  {
    title: Type.String({ maxLength: FEEDBACK_TITLE_MAX }),
    desc: Type.String({ maxLength: FEEDBACK_DESC_MAX }),
    imageUrl: Type.Optional(ImageRef),
  },
  { additionalProperties: false },
);
export type FeedbackCreateRequest = Static<typeof FeedbackCreateRequest>;

/** /api/feedback/response: a reply on the ticket `id` (its owner or an admin). */
export const FeedbackResponseRequest = Type.Object(
  {
    id: TicketId,
    desc: Type.String({ maxLength: FEEDBACK_DESC_MAX }),
    imageUrl: Type.Optional(ImageRef),
  },
  { additionalProperties: false },
);
export type FeedbackResponseRequest = Static<typeof FeedbackResponseRequest>;

/** The create-ticket dialog: a title and a text, trimmed and neither blank, and an image or ''. */
export const FeedbackCreateForm = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: FEEDBACK_TITLE_MAX }),
    desc: Type.String({ minLength: 1, maxLength: FEEDBACK_DESC_MAX }),
    imageUrl: ImageRef,
  },
  { additionalProperties: false },
);
export type FeedbackCreateForm = Static<typeof FeedbackCreateForm>;

/** A ticket's reply box: the text, trimmed and not blank, and an image or ''. */
export const FeedbackReplyForm = Type.Pick(FeedbackCreateForm, ['desc', 'imageUrl']);
export type FeedbackReplyForm = Static<typeof FeedbackReplyForm>;

/** /api/feedback/close (admins) and /api/feedback/refresh (its owner or an admin). */
export const FeedbackIdRequest = Type.Object({ id: TicketId }, { additionalProperties: false });
export type FeedbackIdRequest = Static<typeof FeedbackIdRequest>;

/** One comment of a ticket's thread, oldest first. */
export interface FeedbackComment {
  type: TicketSide;
  text: string;
  imageUrl: string;
  updateTime: string;
}

/**
 * One ticket of /api/feedback/my_list (a user's own; every user's for an admin), newest activity
 * first, open before closed. The thread is left out; `lastCommentType` is what the status
 * derivation of spec-2 §4 needs (null: no comment yet).
 */
export interface FeedbackTicket {
  _id: string;
  title: string;
  /** The user's first message. */
  desc: string;
  imageUrl: string;
  status: TicketStatus;
  createTime: string;
  /** The last comment's time (or the creation's). */
  updateTime: string;
  /** The creator's e-mail (spec-2 §2: admins see the creator). */
  email: string;
  lastCommentType: TicketSide | null;
  commentCount: number;
}

/** A ticket with its thread: create, response, close and refresh answer this. */
export interface FeedbackTicketDetail extends FeedbackTicket {
  comments: FeedbackComment[];
}

/** /api/feedback/pending_count (admins): open tickets waiting for an admin (last word the user's). */
export interface FeedbackPendingCount {
  count: number;
}
