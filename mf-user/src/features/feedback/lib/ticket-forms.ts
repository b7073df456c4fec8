import { FeedbackCreateForm, FeedbackReplyForm } from '@portal/contracts/schemas';
import { firstFailingCheck } from '@portal/ui/form-checks';
import { feedbackLabels } from '../feedback-labels';

/** The create-ticket dialog: 标题不能为空 and 描述不能为空, both at once; the texts are sent trimmed. */
export const createTicketResolver = firstFailingCheck<FeedbackCreateForm>({
  schema: FeedbackCreateForm,
  checks: [
    { field: 'title', message: feedbackLabels.create.titleRequired, fails: 'schema' },
    { field: 'desc', message: feedbackLabels.create.descRequired, fails: 'schema' },
  ],
  trimmed: ['title', 'desc'],
  show: 'per-field',
});

/** The reply box: 描述不能为空; the text is sent trimmed. */
export const replyResolver = firstFailingCheck<FeedbackReplyForm>({
  schema: FeedbackReplyForm,
  checks: [{ field: 'desc', message: feedbackLabels.reply.descRequired, fails: 'schema' }],
  trimmed: ['desc'],
});
