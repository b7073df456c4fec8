import type { Notify } from '../notifications/index.js';
import {
  Codes,
  feedbackMessages as text,
  type FeedbackComment,
  type FeedbackCreateRequest,
  type FeedbackResponseRequest,
  type FeedbackTicket,
  type FeedbackTicketDetail,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import type { TicketCommentRow, TicketRow } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import type { AuditService } from '../audit/index.js';
import type { SessionUser } from '../sessions/index.js';
import type { UploadsService } from '../uploads/index.js';
import type { TicketListRow, TicketsRepository } from './repository.js';

/** The most tickets one my_list answers (the page pages them itself). */
export const FEEDBACK_LIST_MAX = 1000;

/** What an admin is told about (modules/tickets/notify.ts mails it to the support address). */
export interface TicketEvent {
  kind: 'created' | 'replied';
  ticketId: string;
  title: string;
  /** The new ticket's description or the user's reply. */
  text: string;
  userEmail: string;
  /** Where the portal is (links in the mail). */
  linkBase: string;
}

/** What the caller may do with other users' tickets: tickets.read / tickets.answer (modules/staff). */
export interface TicketRights {
  read: boolean;
  answer: boolean;
}
const NO_RIGHTS: TicketRights = { read: false, answer: false };

/** Another user's ticket answers exactly like one that does not exist (QUALITY 7). */
const notFound = () => new DomainError(Codes.NOT_FOUND, text.notFound);

/** Required text: not empty once the spaces around it are gone (spec-2 §5). */
function required(value: string, message: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw new DomainError(Codes.INVALID_PAYLOAD, message);
  return trimmed;
}

function toTicket({ ticket, email, lastFromAdmin, commentCount }: TicketListRow): FeedbackTicket {
  return {
    _id: ticket.id,
    title: ticket.title,
    desc: ticket.desc,
    imageUrl: ticket.imageUrl,
    status: ticket.status,
    createTime: ticket.createdAt.toISOString(),
    updateTime: ticket.updatedAt.toISOString(),
    email,
    lastCommentType: lastFromAdmin === null ? null : lastFromAdmin ? 'ADMIN' : 'USER',
    commentCount,
  };
}

const toComment = (row: TicketCommentRow): FeedbackComment => ({
  type: row.fromAdmin ? 'ADMIN' : 'USER',
  text: row.desc,
  imageUrl: row.imageUrl,
  updateTime: row.createdAt.toISOString(),
});

/**
 * Support tickets (spec-2 §2-§8): a user opens a ticket and replies on it; admins see and answer
 * every ticket and alone close them; a closed ticket takes no reply (1035). Texts are stored as
 * given (trimmed) and go back as data; the pages render them as text. Images are the caller's own
 * 'ticket' uploads (uploads.ownImage), and a ticket's owner may see the images on it.
 */
export function createTicketsService(deps: {
  db: Db;
  repo: TicketsRepository;
  uploads: UploadsService;
  audit: AuditService;
  /** Tells admins of a new ticket or a user's reply; never fails the caller. */
  notify: (event: TicketEvent) => void;
  /** The outbox (modules/notifications): ticket.created, ticket.replied, ticket.answered. */
  emit?: Notify;
}) {
  const { db, repo, uploads, audit, notify, emit = async () => undefined } = deps;

  /** The ticket if `user` may see it (its owner or an admin); otherwise 4004, whether it exists or not. */
  async function visible(user: SessionUser, rights: TicketRights, id: string): Promise<TicketListRow> {
    const row = await repo.find(id);
    if (row === undefined || (row.ticket.userId !== user.id && !rights.read)) throw notFound();
    return row;
  }

  async function detail(id: string): Promise<FeedbackTicketDetail> {
    const row = await repo.find(id);
    if (row === undefined) throw notFound();
    return { ...toTicket(row), comments: (await repo.comments(id)).map(toComment) };
  }

  /** The audited record of a close: the ticket's status fields. */
  const closeFields = (row: TicketRow) => ({
    title: row.title,
    userId: row.userId,
    status: row.status,
    closedAt: row.closedAt,
    closedBy: row.closedBy,
  });

  return {
    /** A user's own tickets; an admin's: every user's, with the creator's e-mail. */
    async list(user: SessionUser, rights: TicketRights = NO_RIGHTS): Promise<FeedbackTicket[]> {
      return (await repo.list(rights.read ? null : user.id, FEEDBACK_LIST_MAX)).map(toTicket);
    },

    async create(user: SessionUser, input: FeedbackCreateRequest, linkBase: string): Promise<FeedbackTicketDetail> {
      const title = required(input.title, text.titleRequired);
      const desc = required(input.desc, text.descRequired);
      const imageUrl = await uploads.ownImage(input.imageUrl ?? '', user, 'ticket');
      const id = newObjectId();
      await db.transaction(async () => {
        await repo.insert({ id, userId: user.id, title, desc, imageUrl });
        await emit({
          event: 'ticket.created',
          userId: user.id,
          data: { ticketId: id, userId: user.id, email: user.email, title },
        });
      });
      notify({ kind: 'created', ticketId: id, title, text: desc, userEmail: user.email, linkBase });
      return detail(id);
    },

    /**
     * A reply by the ticket's owner or an admin, under the ticket's row lock: a close that commits
     * first turns it into 1035, and one that comes after sees the reply.
     */
    async respond(
      user: SessionUser,
      input: FeedbackResponseRequest,
      linkBase: string,
      rights: TicketRights = NO_RIGHTS,
    ): Promise<FeedbackTicketDetail> {
      const desc = required(input.desc, text.descRequired);
      const owner = await db.transaction(async () => {
        const ticket = await repo.lock(input.id);
        if (ticket === undefined || (ticket.userId !== user.id && !rights.answer)) {
          // Someone who may read but not answer sees the ticket, and is refused the reply.
          if (ticket !== undefined && rights.read) throw new DomainError(Codes.FORBIDDEN);
          throw notFound();
        }
        if (ticket.status !== 'open') throw new DomainError(Codes.TICKET_CLOSED, text.closed);
        const imageUrl = await uploads.ownImage(input.imageUrl ?? '', user, 'ticket');
        await repo.addComment({ ticketId: ticket.id, authorId: user.id, fromAdmin: rights.answer, desc, imageUrl });
        // A reply by staff tells the ticket's owner; the owner's own reply tells staff.
        const byStaff = rights.answer && ticket.userId !== user.id;
        await emit({
          event: byStaff ? 'ticket.answered' : 'ticket.replied',
          userId: ticket.userId,
          data: {
            ticketId: ticket.id,
            userId: ticket.userId,
            title: ticket.title,
            ...(byStaff ? {} : { email: user.email }),
          },
        });
        return ticket;
      });
      if (!rights.answer) {
        notify({
          kind: 'replied',
          ticketId: owner.id,
          title: owner.title,
          text: desc,
          userEmail: user.email,
          linkBase,
        });
      }
      return detail(input.id);
    },

    /**
     * Admins only (the route's role): open → close, audited. The row is locked and the update is
     * conditional (only an open ticket closes), and the audit row is written only when this call
     * closed it: admins closing at the same moment close it once, with one audit row, and every
     * one of them gets the closed ticket, like a close of an already closed ticket (nothing changes).
     */
    async close(operator: SessionUser, id: string): Promise<FeedbackTicketDetail> {
      const row = await repo.find(id);
      if (row === undefined) throw notFound();
      if (row.ticket.status === 'open') {
        await audit.within(operator, async (log) => {
          const before = await repo.lock(id);
          if (before?.status !== 'open') return;
          const closed = await repo.close(id, operator.id);
          if (closed === undefined) return;
          await log({
            recordType: 'ticket',
            recordId: id,
            action: 'action',
            detail: 'close',
            before: closeFields(before),
            after: closeFields(closed),
          });
        });
      }
      return detail(id);
    },

    /** The ticket with its thread, for an open detail view (its owner or an admin). */
    async refresh(user: SessionUser, id: string, rights: TicketRights = NO_RIGHTS): Promise<FeedbackTicketDetail> {
      await visible(user, rights, id);
      return detail(id);
    },

    async pendingCount(): Promise<{ count: number }> {
      return { count: await repo.pendingCount() };
    },

    /** Viewer rule of the uploads: a ticket's owner sees the images on it (an admin's reply's too). */
    async ownerSees(imageUrl: string, viewer: SessionUser): Promise<boolean> {
      return repo.userTicketShows(viewer.id, imageUrl);
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
