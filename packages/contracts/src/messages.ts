/**
 * User-visible texts of spec-1 §5 and §8, one place for the screens and for the tests that assert
 * them. Texts the spec quotes in Chinese are copied exactly; texts it only describes in English
 * are our Chinese wording of that description.
 */
export const messages = {
  network: { toast: '网络错误，请稍后重试', callback: '网络错误' },
  sessionExpired: '登录过期，请登录',
  loginRequired: '暂未登录，请登录',

  login: {
    emailEmpty: '邮件不能为空',
    passwordEmpty: '密码不能为空',
    failedField: '用户不存在或密码错误',
    failedToast: '登录失败',
    loading: '登录中...',
  },
  register: {
    passwordsDiffer: '密码不一样',
    passwordTooShort: '密码长度至少8位',
    emailInvalid: '邮件不正确',
    emailRegistered: '邮件已注册',
    loading: '注册中...',
  },
  reset: {
    passwordRequired: '请输入密码',
    passwordsDiffer: '密码不一样',
    passwordTooShort: '密码长度至少8位',
    emailInvalid: '邮件不正确',
    linkInvalid: '订阅链接错误',
    notAllowed: '该账号不允许这样操作。',
    otherFailure: '请检查邮箱是否正确',
    getEmailFailure: '请检查订阅链接是否正确（若订阅链接被重置过，旧订阅链接无法使用）',
    findAccountNeedsLink: '请先输入订阅链接',
    done: '密码修改成功',
  },
  confirm: {
    failure: '注册失败',
    passwordChanged: '密码修改成功，3秒后跳转',
    registered: '注册成功，3秒后跳转',
  },
  coupon: {
    repeated: '请勿重复使用',
    notFound: '体验券不存在',
    used: '该体验券已经兑换过',
    exhausted: '抱歉，该体验券已抢兑完毕',
    wrongType: '券类型错误',
    expired: '体验券过期',
    otherField: '请不要在此处作过多尝试',
    otherToast: '兑换激活码失败',
  },
  subscription: {
    copied: '已复制到剪贴板',
    copyFailed: '复制失败',
    loginFirst: '请先登录再订阅',
    networkRetry: '网络异常，请稍后重试',
    mobileOnly: '请在手机上打开以一键订阅',
    surgeIosOnly: '仅 iOS 版 Surge 支持一键订阅',
    qrTitle: '扫描二维码添加订阅',
    qrDesc: '请在客户端中扫描二维码添加订阅',
    resetTitle: '确认重置订阅链接',
    resetWarning:
      '重置后，所有已订阅的设备都会断网，需要使用新的订阅链接重新订阅。使用新链接后若仍无网络，一小时内会自动恢复。',
    resetDone: '订阅链接已重置，请重新订阅。请勿泄露订阅链接：他人可凭它获取您的账号并重置密码。',
    resetNotAllowed: '该账号不允许这样操作。',
  },
  signUse: {
    paidOnly: '付费用户才能领取每日福利',
    otherAccount: '今天已经使用其他账号签到过了',
    failed: '签到失败',
  },
  appleId: {
    loginFirst: '请登录后再尝试',
    loginFirstStreisand: '请登录后再体验',
    paidOnly: '共享账号仅供付费用户使用，购买任意商品后即可使用',
    retryLater: '请稍后重试',
    copied: '已复制到剪贴板',
    copyFailed: '复制失败',
  },
} as const;

/** `msg` values the BFF sends with reset_password / get_email refusals (spec-1 §8). */
export const ResetRefusals = {
  describeUrlError: 'DESCRIBE_URL_ERROR',
  userNotExist: 'USER_NOT_EXIST',
} as const;
