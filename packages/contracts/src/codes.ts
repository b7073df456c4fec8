/**
 * Result codes of the envelope. The numbered codes below 2000 and 999 are the spec's;
 * the 4xxx/5xxx codes are ours, for requests the spec does not describe (bad envelopes,
 * validation, access, limits, server faults). Each of ours maps to one HTTP status.
 */
export const Codes = {
  OK: 0,
  /** Login refused; the same answer for an unknown e-mail and a wrong password. */
  LOGIN_FAILED: 1,
  UNKNOWN: 999,
  EMAIL_REGISTERED: 1001,
  SESSION_EXPIRED: 1002,
  WITHDRAW_REFUSED: 1012,
  COUPON_NOT_FOUND: 1016,
  COUPON_USED: 1017,
  COUPON_WRONG_TYPE: 1020,
  TOO_MANY_ATTEMPTS: 1021,
  COUPON_TRIAL_ON_ORDER: 1022,
  ORDER_HAS_COUPON: 1025,
  ORDER_NOT_CANCELLABLE: 1026,
  COUPON_EXHAUSTED: 1027,
  COUPON_EXPIRED: 1029,
  NOT_ALLOWED: 1033,
  TICKET_CLOSED: 1035,
  GIFT_BELOW_MIN: 1037,
  GIFT_NOT_ENOUGH_TRAFFIC: 1038,
  GIFT_TOO_FREQUENT: 1039,
  GIFT_CODE_INVALID: 1040,
  // Ours, for refusals the spec does not number; like the spec's codes they travel with HTTP 200.
  /** Login with the right password on an account whose e-mail was never confirmed. */
  EMAIL_NOT_CONFIRMED: 1101,
  /** A confirmation link (signup_confirm, change_password) that is unknown, used or expired. */
  CONFIRM_LINK_INVALID: 1102,
  /** reset_password / get_email: `msg` is one of ResetRefusals (DESCRIBE_URL_ERROR, USER_NOT_EXIST). */
  DESCRIBE_URL_REFUSED: 1103,
  /** Daily sign-in is for paid users only. */
  SIGN_USE_PAID_ONLY: 1104,
  /** Already signed in today (in the service's time zone). */
  SIGN_USE_DONE_TODAY: 1105,
  /** The product does not exist, was withdrawn, or is not offered to this user (agency, channel rule). */
  COMBO_UNAVAILABLE: 1106,
  /** The order is not the user's, or no longer open (paid, cancelled, expired). */
  ORDER_NOT_OPEN: 1107,
  /** The chosen payment method is switched off or not configured. */
  PAY_MODE_UNAVAILABLE: 1108,
  /** Our lottery draw (/api/prize/draw; the spec has no user screen): paid users only, like sign-in (1104). */
  PRIZE_PAID_ONLY: 1109,
  /** A draw costs prizeBaseCost G of permanent traffic, and the user has less than that left. */
  PRIZE_NOT_ENOUGH_TRAFFIC: 1110,
  /** No prize can be won (none configured, or every weight is 0): nothing is spent. */
  PRIZE_UNAVAILABLE: 1111,
  /** The shared Apple ID accounts (/api/user/apple_ids) are for paid users only (spec-2 §6). */
  APPLE_ID_PAID_ONLY: 1112,
  /** A change of the e-mail or the payout address sent with a wrong current password (nothing changed). */
  PASSWORD_WRONG: 1113,
  /** Ours: sign-up while the site is invite-only (the inviteRule setting) without an inviter's code. */
  INVITE_REQUIRED: 1114,
  /** Ours (second factor, docs/second-factor.md): the password was right; `data.ticket` goes to login_second_factor. */
  SECOND_FACTOR_NEEDED: 1130,
  /** A wrong, used or replayed authenticator or recovery code (counted like a wrong password). */
  SECOND_FACTOR_WRONG: 1131,
  /** The staff_second_factor_required setting is on and this staff member has no factor yet: enrol first. */
  SECOND_FACTOR_REQUIRED: 1132,
  /** Step-up: this call needs the factor checked within the last 10 minutes (/api/second_factor/verify). */
  STEP_UP_REQUIRED: 1133,
  /** The login's second-factor ticket is unknown or older than 5 minutes: sign in again. */
  SECOND_FACTOR_TICKET_EXPIRED: 1134,
  BAD_ENVELOPE: 4000,
  INVALID_PAYLOAD: 4001,
  FORBIDDEN: 4003,
  NOT_FOUND: 4004,
  PAYLOAD_TOO_LARGE: 4013,
  UNSUPPORTED_MEDIA: 4015,
  RATE_LIMITED: 4029,
  INTERNAL: 5000,
  UNAVAILABLE: 5003,
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

/** HTTP status for our own codes; spec codes travel with 200 like the original service. */
export function httpStatusFor(code: number): number {
  switch (code) {
    case Codes.BAD_ENVELOPE:
    case Codes.INVALID_PAYLOAD:
      return 400;
    case Codes.SESSION_EXPIRED:
      return 401;
    case Codes.FORBIDDEN:
      return 403;
    case Codes.NOT_FOUND:
      return 404;
    case Codes.PAYLOAD_TOO_LARGE:
      return 413;
    case Codes.UNSUPPORTED_MEDIA:
      return 415;
    case Codes.RATE_LIMITED:
      return 429;
    case Codes.INTERNAL:
      return 500;
    case Codes.UNAVAILABLE:
      return 503;
    default:
      return 200;
  }
}

/** Default message for codes that carry no more specific one. */
export const defaultMessages: Partial<Record<number, string>> = {
  [Codes.OK]: 'ok',
  [Codes.LOGIN_FAILED]: '用户不存在或密码错误',
  [Codes.UNKNOWN]: '未知错误',
  [Codes.SESSION_EXPIRED]: '登录过期，请登录',
  [Codes.NOT_ALLOWED]: '该账号不允许这样操作。',
  [Codes.EMAIL_NOT_CONFIRMED]: '邮箱尚未验证，请先点击验证邮件中的链接',
  [Codes.CONFIRM_LINK_INVALID]: '链接无效或已过期',
  [Codes.DESCRIBE_URL_REFUSED]: 'DESCRIBE_URL_ERROR',
  [Codes.SIGN_USE_PAID_ONLY]: '付费用户才能领取每日福利',
  [Codes.SIGN_USE_DONE_TODAY]: '今天已经签到过了',
  [Codes.ORDER_NOT_CANCELLABLE]: '订单已支付或已取消，无法取消',
  [Codes.COMBO_UNAVAILABLE]: '商品不存在或已下架',
  [Codes.ORDER_NOT_OPEN]: '订单不存在或已关闭',
  [Codes.PAY_MODE_UNAVAILABLE]: '该支付方式暂不可用',
  [Codes.PRIZE_PAID_ONLY]: '付费用户才能参与抽奖',
  [Codes.PRIZE_NOT_ENOUGH_TRAFFIC]: '剩余永久流量不足',
  [Codes.PRIZE_UNAVAILABLE]: '暂无可抽取的奖品',
  [Codes.PASSWORD_WRONG]: '当前密码错误',
  [Codes.SECOND_FACTOR_NEEDED]: '请输入两步验证码',
  [Codes.SECOND_FACTOR_WRONG]: '验证码错误或已使用',
  [Codes.SECOND_FACTOR_REQUIRED]: '请先设置两步验证',
  [Codes.STEP_UP_REQUIRED]: '该操作需要再次验证身份，请输入两步验证码',
  [Codes.SECOND_FACTOR_TICKET_EXPIRED]: '验证已超时，请重新登录',
  [Codes.BAD_ENVELOPE]: '请求格式错误',
  [Codes.INVALID_PAYLOAD]: '请求参数错误',
  [Codes.FORBIDDEN]: '没有权限',
  [Codes.NOT_FOUND]: '接口不存在',
  [Codes.PAYLOAD_TOO_LARGE]: '请求数据过大',
  [Codes.UNSUPPORTED_MEDIA]: '不支持的请求类型',
  [Codes.RATE_LIMITED]: '操作过于频繁，请稍后再试',
  [Codes.INTERNAL]: '服务器内部错误',
  [Codes.UNAVAILABLE]: '服务暂时不可用，请稍后再试',
};
