import { and, asc, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ticketComments, tickets, users, type TicketCommentRow, type TicketRow } from '../../db/schema.js';

/** A ticket with what its list line needs: the creator's e-mail and the side of the last word. */
export interface TicketListRow {
  ticket: TicketRow;
  email: string;
  /** null: no comment yet. */
  lastFromAdmin: boolean | null;
  commentCount: number;
}

/** The side of the newest comment of the ticket in the outer query (null when it has none). */
const lastFromAdmin = sql<boolean | null>`(
  SELECT c.from_admin FROM ticket_comments c WHERE c.ticket_id = ${tickets.id} ORDER BY c.id DESC LIMIT 1
)`;
const commentCount = sql<number>`(SELECT count(*)::int FROM ticket_comments c WHERE c.ticket_id = ${tickets.id})`;

const listColumns = {
  ticket: tickets,
  email: users.email,
  lastFromAdmin,
  commentCount,
};

/**
 * The tickets and their comment threads. Statements run in the caller's transaction where there
 * is one (the shared `db` handle joins it).
 */
export function createTicketsRepository(db: Db) {
  return {
    async insert(row: typeof tickets.$inferInsert): Promise<TicketRow> {
      const [inserted] = await db.insert(tickets).values(row).returning();
      return inserted!;
    },

    /** One user's tickets (or, with no user, everyone's): open before closed, newest activity first. */
    async list(userId: string | null, limit: number): Promise<TicketListRow[]> {
      const rows = await db
        .select(listColumns)
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(userId === null ? undefined : eq(tickets.userId, userId))
        .orderBy(sql`(${tickets.status} = 'open') DESC`, desc(tickets.updatedAt), desc(tickets.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, commentCount: Number(r.commentCount) }));
    },

    async find(id: string): Promise<TicketListRow | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(eq(tickets.id, id));
      return row === undefined ? undefined : { ...row, commentCount: Number(row.commentCount) };
    },

    /** The ticket's row, locked until the transaction ends (replies and closes of one ticket queue). */
    async lock(id: string): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).for('update');
      return row;
    },

    async comments(ticketId: string): Promise<TicketCommentRow[]> {
      return db
        .select()
        .from(ticketComments)
        .where(eq(ticketComments.ticketId, ticketId))
        .orderBy(asc(ticketComments.id));
    },

    /** Adds a comment and moves the ticket's activity time to it. */
    async addComment(row: typeof ticketComments.$inferInsert): Promise<void> {
      const [comment] = await db.insert(ticketComments).values(row).returning({ createdAt: ticketComments.createdAt });
      await db.update(tickets).set({ updatedAt: comment!.createdAt }).where(eq(tickets.id, row.ticketId));
    },

    /**
     * open → close, only while open: two admins closing at once close it once. The time is the
     * update's own (not the transaction's start), so every reply that got the row before it is older.
     */
    async close(id: string, operatorId: string): Promise<TicketRow | undefined> {
      const [row] = await db
        .update(tickets)
        .set({ status: 'close', closedAt: sql`clock_timestamp()`, closedBy: operatorId })
        .where(and(eq(tickets.id, id), eq(tickets.status, 'open')))
        .returning();
      return row;
    },

    /** Open tickets whose last word is the user's (or that have no comment yet): waiting for an admin. */
    async pendingCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(eq(tickets.status, 'open'), sql`coalesce(${lastFromAdmin}, false) = false`));
      return Number(row?.n ?? 0);
    },

    /** Whether an image (by its download path) is shown on one of the user's tickets. */
    async userTicketShows(userId: string, imageUrl: string): Promise<boolean> {
      const [row] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.userId, userId),
            or(
              eq(tickets.imageUrl, imageUrl),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(ticketComments)
                  .where(and(eq(ticketComments.ticketId, tickets.id), eq(ticketComments.imageUrl, imageUrl))),
              ),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
