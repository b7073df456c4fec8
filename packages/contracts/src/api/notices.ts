import { Type, type Static } from '@sinclair/typebox';

/** A user's unread notice (spec-1 §3). `href` is a portal hash path or an absolute URL. */
export interface Notice {
  _id: string;
  desc: string;
  href: string;
}

export const NoticeClickedRequest = Type.Object({ noticeId: Type.String({ minLength: 1, maxLength: 64 }) });
export type NoticeClickedRequest = Static<typeof NoticeClickedRequest>;

/** The announcement part of POST /api/host/get (spec-1 §3, settings of spec-2 §3). */
export interface AnnouncementConfig {
  notice_show: boolean;
  notice_mark_red: boolean;
  notice_title: string;
  notice_content: string;
  /** Days between two automatic showings of the announcement (spec-2 notice_day_interval). */
  notice_day_interval: number;
  /** The entry page address users should remember. */
  entry_url: string;
  /** Contact information line (e.g. an e-mail address). */
  contact: string;
  /** Chat group link; empty when none. */
  chat_group_url: string;
}

export interface HostInfo {
  preferDomain: string;
  notice: AnnouncementConfig;
  /** Ours: sign-up needs an inviter's code (the inviteRule setting, spec-2 §3 "invite-only mode"). */
  inviteOnly: boolean;
}
