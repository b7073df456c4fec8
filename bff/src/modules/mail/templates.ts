import { PRODUCT_NAME } from '@portal/contracts';
import { escapeHtml } from '../../lib/html.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A short mail with one link: the plain text holds the link on a line of its own. */
function linkMail(subject: string, intro: string, action: string, link: string, outro: string): MailContent {
  const text = `您好！\n\n${intro}\n\n${link}\n\n${outro}\n\n${PRODUCT_NAME}`;
  const html =
    `<p>您好！</p><p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
    `<p>如果无法点击，请复制以下链接到浏览器打开：<br>${escapeHtml(link)}</p>` +
    `<p>${escapeHtml(outro)}</p><p>${escapeHtml(PRODUCT_NAME)}</p>`;
  return { subject: `${subject} - ${PRODUCT_NAME}`, text, html };
}

export function signupConfirmMail(link: string, validHours: number): MailContent {
  return linkMail(
    '请验证您的邮箱',
    `感谢您注册${PRODUCT_NAME}。请在 ${validHours} 小时内点击下面的链接验证邮箱，验证后即可登录：`,
    '验证邮箱',
    link,
    '如果这不是您本人的操作，请忽略本邮件。',
  );
}

export function passwordChangeMail(link: string, validHours: number): MailContent {
  return linkMail(
    '确认修改密码',
    `我们收到了修改您账号密码的请求。请在 ${validHours} 小时内点击下面的链接确认，新密码在确认后生效，所有已登录的设备都需要重新登录：`,
    '确认修改密码',
    link,
    '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变；并请尽快重置订阅链接，因为他人可能已经得到了它。',
  );
}

export function emailChangeMail(link: string, validHours: number): MailContent {
  return linkMail(
    '确认修改邮箱',
    `我们收到了把您账号的邮箱修改为本邮箱的请求。请在 ${validHours} 小时内点击下面的链接确认，确认后本邮箱成为您的登录邮箱：`,
    '确认修改邮箱',
    link,
    '如果这不是您本人的操作，请忽略本邮件，账号的邮箱不会改变。',
  );
}

/** A notice without a link: what changed, then what to do if it was not the owner. */
function noticeMail(subject: string, lines: readonly string[], outro: string): MailContent {
  const text = `您好！\n\n${lines.join('\n')}\n\n${outro}\n\n${PRODUCT_NAME}`;
  const html =
    `<p>您好！</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` +
    `<p>${escapeHtml(outro)}</p><p>${escapeHtml(PRODUCT_NAME)}</p>`;
  return { subject: `${subject} - ${PRODUCT_NAME}`, text, html };
}

/** A payout address as mails show it: its first 6 and last 4 characters, enough to recognise it. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

export interface PayoutAddress {
  type: string;
  address: string;
}

/** To the account's e-mail when its payout address changed (null before: none was set). */
export function payoutAddressChangedMail(before: PayoutAddress | null, after: PayoutAddress): MailContent {
  const shown = (a: PayoutAddress) => `${a.type} ${shortAddress(a.address)}`;
  return noticeMail(
    '收款地址已修改',
    [
      '您账号的提现收款地址刚刚被修改：',
      `原地址：${before === null ? '未设置' : shown(before)}`,
      `新地址：${shown(after)}`,
      '修改后 24 小时内申请的提现需人工核实后才能结算。',
    ],
    '如果这不是您本人的操作，请立即通过“忘记密码”重置密码、重置订阅链接并改回收款地址，然后联系客服。',
  );
}

/** To the old address once a change of the login e-mail was confirmed. */
export function emailChangedNoticeMail(newEmail: string): MailContent {
  return noticeMail(
    '登录邮箱已修改',
    [`您账号的登录邮箱已由本邮箱修改为 ${newEmail}，其他已登录的设备需要重新登录。`],
    '如果这不是您本人的操作，您的账号可能已被他人控制，请立即联系客服。',
  );
}

/** To a staff member when their account signed in from a browser, system and address none of their live sessions had. */
export function newDeviceSignInMail(signIn: {
  browser: string | null;
  os: string | null;
  ip: string | null;
  at: Date;
  timeZone: string;
}): MailContent {
  const device = `${signIn.browser ?? '未知浏览器'} · ${signIn.os ?? '未知系统'}`;
  const time = signIn.at.toLocaleString('zh-CN', { timeZone: signIn.timeZone, hour12: false });
  return noticeMail(
    '新设备登录提醒',
    [
      '您的后台账号刚刚在一台新设备上登录：',
      `设备：${device}`,
      `地址：${signIn.ip ?? '未知'}`,
      `时间：${time}（${signIn.timeZone}）`,
      '您可以在“我的账户 → 登录设备”中查看并退出登录的设备。',
    ],
    '如果这不是您本人的操作，请立即在“我的账户”中退出其他设备、修改密码，并通知站长。',
  );
}
