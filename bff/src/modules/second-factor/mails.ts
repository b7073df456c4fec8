import { PRODUCT_NAME } from '@portal/contracts';
import { escapeHtml } from '../../lib/html.js';
import type { MailContent } from '../mail/index.js';

const NOT_YOU = '如果这不是您本人的操作，请立即修改密码并联系站长。';

/** A short notice to a staff member about their own second factor. */
function factorMail(subject: string, line: string): MailContent {
  const text = `您好！\n\n${line}\n\n${NOT_YOU}\n\n${PRODUCT_NAME}`;
  const html = `<p>您好！</p><p>${escapeHtml(line)}</p><p>${escapeHtml(NOT_YOU)}</p><p>${escapeHtml(PRODUCT_NAME)}</p>`;
  return { subject: `${subject} - ${PRODUCT_NAME}`, text, html };
}

export const factorAddedMail = (changed: boolean) =>
  changed
    ? factorMail('两步验证已更换', '您的账号已更换两步验证的身份验证器，旧的验证器和恢复码已失效。')
    : factorMail('两步验证已开启', '您的账号已开启两步验证，登录后台时需要输入身份验证器中的验证码。');

export const factorRemovedMail = () => factorMail('两步验证已关闭', '您的账号已关闭两步验证，登录时不再需要验证码。');

export const recoveryCodesMail = () =>
  factorMail('恢复码已重新生成', '您的账号已重新生成两步验证恢复码，旧的恢复码已失效。');

export const factorResetMail = () =>
  factorMail('两步验证已被管理员重置', '管理员重置了您账号的两步验证，旧的验证器和恢复码已失效，请重新设置两步验证。');

export const passkeyAddedMail = (name: string) =>
  factorMail('已添加通行密钥', `您的账号添加了通行密钥“${name}”，可用它完成登录后台时的两步验证。`);

export const passkeyRemovedMail = (name: string) =>
  factorMail('已删除通行密钥', `您的账号删除了通行密钥“${name}”，它不能再用于登录。`);
