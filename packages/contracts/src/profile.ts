import { messages } from './messages.js';

/**
 * The profile (/user_info) and the shared Apple ID page (/apple_id_share) of spec-2 §2: the values
 * both sides need, without the TypeBox runtime (the schemas are in api/profile.ts).
 */

/** The most shared Apple ID accounts the operator's list holds. */
export const APPLE_IDS_MAX = 50;

/** The profile shows this many special permissions before the toggle (spec-2 §9). */
export const PROFILE_PERMISSIONS_SHOWN = 3;

export const profileMessages = {
  /** spec-2 §8. */
  saved: '修改资料成功',
  /** spec-2 §8 (a server failure appends its message). */
  saveFailed: '修改失败',
  saveFailedWith: (message: string) => `修改失败:${message}`,
  /** spec-2 §8. */
  unbound: '解除成功',
  /** spec-2 §8. */
  unbindFailed: '解除失败',
  /** spec-2 §8: profile and Apple ID pages (failure 10 s). */
  copied: '已复制到剪切板',
  copyFailed: '复制失败, 请手动复制',
  // Ours: refusals of change_use_info the spec does not word.
  /** The new address is not an e-mail address (the register page's wording, spec-1 §5). */
  emailInvalid: '邮件不正确',
  /** 1001, at the request and again when the link is opened (spec-1 §8 wording). */
  emailTaken: '邮件已注册',
  /** The confirm page (/#/confirm?…&action=change_email), like its other two outcomes. */
  emailChanged: '邮箱修改成功，3秒后跳转',
  emailChangeFailed: '邮箱修改失败',
  backToProfile: '返回我的账户',
} as const;

export const appleIdMessages = {
  /** spec-2 §8. */
  loginFirst: '请您登录后再进行尝试',
  /** spec-2 §8 describes it only (10 s): the dashboard's Apple ID link says the same. */
  paidOnly: messages.appleId.paidOnly,
  /** spec-2 §8: the check failed (10 s). */
  retryLater: '请稍后重试',
} as const;
