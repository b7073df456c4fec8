import type { AnnouncementConfig, Notice, UserInfo } from '@portal/contracts';
import { useSession } from '@portal/platform';
import { demoUser as baseDemoUser, setStoryPortal } from '@portal/storybook/fixtures';

/** Data and session set-ups shared by the shell's stories. */

/** An avatar that needs no server (Storybook serves no /logo.png). */
export const demoAvatar =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#2b72ef"/><text x="20" y="26" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">D</text></svg>',
  );

export function demoUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return baseDemoUser({ icon: demoAvatar, ...overrides });
}

export const demoNotices: Notice[] = [
  { _id: 'n1', desc: '您的订单已支付成功，流量已到账。', href: '/#/order' },
  { _id: 'n2', desc: '您的工单有新的回复，请及时查看。', href: '#/feedback' },
  { _id: 'n3', desc: '春节期间部分线路维护，详情见公告页面。', href: 'https://status.example.com/' },
];

export const demoAnnouncement: AnnouncementConfig = {
  notice_show: true,
  notice_mark_red: true,
  notice_title: '春节期间线路调整',
  notice_content: '各位用户：\n春节期间（1 月 28 日至 2 月 4 日）部分线路维护，期间可能短暂断线。\n\n祝大家新年快乐！',
  notice_day_interval: 1,
  entry_url: 'https://entry.example.com',
  contact: 'support@example.com',
  chat_group_url: 'https://t.me/example_group',
};

/** A visitor whose session check has finished (the header shows 登录). */
export function asVisitor({ agency = false } = {}): void {
  setStoryPortal({ agency });
  useSession.setState({ user: null, permissions: [], status: 'ready' });
}

export function asUser(overrides: Partial<UserInfo> = {}, { agency = false } = {}): void {
  setStoryPortal({ agency });
  useSession.getState().setUser(demoUser(overrides));
}

/** A code that no earlier run has recorded in this browser's coupon records. */
export function freshCode(prefix = 'TRIAL'): string {
  return `${prefix}-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`;
}
