import { Codes, type Notice } from '@portal/contracts';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import type { NoticesRepository } from './repository.js';

/** The bell shows at most this many unread notices, newest first. */
export const NOTICE_LIST_LIMIT = 50;

export interface NewNotice {
  desc: string;
  href?: string;
  /** Only this user sees it; omitted: everyone. */
  userId?: string;
  expiresAt?: Date;
}

export function createNoticesService(repo: NoticesRepository) {
  async function create(notice: NewNotice): Promise<string> {
    const id = newObjectId();
    await repo.insert({
      id,
      desc: notice.desc,
      href: notice.href ?? '',
      userId: notice.userId ?? null,
      expiresAt: notice.expiresAt ?? null,
    });
    return id;
  }

  return {
    create,

    async unread(userId: string): Promise<Notice[]> {
      const rows = await repo.unreadFor(userId, NOTICE_LIST_LIMIT);
      return rows.map((n) => ({ _id: n.id, desc: n.desc, href: n.href }));
    },

    /** Marks a notice read; a notice the user cannot see is "not found", whatever exists. */
    async clicked(userId: string, noticeId: string): Promise<void> {
      if (!(await repo.isVisible(userId, noticeId))) throw new DomainError(Codes.NOT_FOUND, '通知不存在');
      await repo.markRead(userId, noticeId);
    },

    /** For seeding: creates an everyone-notice unless one with the same text and link exists. */
    async ensure(notice: { desc: string; href?: string }): Promise<boolean> {
      if (await repo.existsFor(notice.desc, notice.href ?? '')) return false;
      await create(notice);
      return true;
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
