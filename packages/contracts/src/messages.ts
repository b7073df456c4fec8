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
    /** Ours (1114): the spec names invite-only mode (inviteRule) without its words. */
    inviteRequired: '本站仅限受邀注册，请通过邀请人的邀请链接注册',
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
    copied: '已复制到剪切板',
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
    loginFirst: '请您登录后再进行尝试',
    loginFirstStreisand: '请登录后再体验',
    paidOnly: '共享账号仅供付费用户使用，购买任意商品后即可使用',
    retryLater: '请稍后重试',
    copied: '已复制到剪切板',
    copyFailed: '复制失败',
  },
} as const;

/** `msg` values the BFF sends with reset_password / get_email refusals (spec-1 §8). */
export const ResetRefusals = {
  describeUrlError: 'DESCRIBE_URL_ERROR',
  userNotExist: 'USER_NOT_EXIST',
} as const;

/** Texts of the QR dialog (spec-1 §2): the subscription use and the shop's WeChat payment. */
export const qrMessages = {
  close: '关闭',
  drawing: '二维码生成中...',
  scanWithPhone: '请使用手机扫码',
  wxpaySteps: ['保存截图', '打开微信扫一扫', '从相册选取'],
} as const;

/**
 * Labels, headings and success screens of the mf-user screens. The spec describes these in
 * English or not at all; this is our Chinese wording (the spec's quoted texts stay in `messages`).
 */
export const userMessages = {
  fields: {
    email: '邮箱',
    emailPlaceholder: '请输入邮箱',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    confirmPassword: '确认密码',
    newPassword: '新密码',
    confirmNewPassword: '确认新密码',
    subscriptionLink: '订阅链接',
    subscriptionLinkPlaceholder: '请粘贴你的订阅链接',
  },
  login: {
    title: '登录',
    submit: '登录',
    forgot: '忘记密码',
    quickRegister: '快速注册',
    noAccount: '还没有账号？',
  },
  register: {
    title: '注册',
    submit: '注册',
    haveAccount: '已有账号？',
    toLogin: '去登录',
    successTitle: '注册成功',
    checkMail: (email: string) => `确认邮件已发送至 ${email}，请点击邮件中的链接完成注册，确认后即可登录。`,
    countdown: (seconds: number) => `${seconds} 秒后跳转首页`,
    goHome: '立即前往首页',
    /** Ours: shown before anything is typed while the site is invite-only and no invite came with the visit. */
    inviteOnlyNotice: '本站目前仅限受邀注册。请打开邀请人分享给您的邀请链接，再在该页面注册。',
  },
  confirm: {
    title: '账号确认',
    pending: '正在确认，请稍候...',
    directLogin: '直接登录',
    reRegister: '重新注册',
    /** Ours: the link could not be checked (no answer): nothing is known about it yet. */
    unreachable: '暂时无法完成确认',
    unreachableDetail: '请检查网络后重试。',
  },
  reset: {
    title: '找回密码',
    findAccount: '找回账号',
    finding: '查找中...',
    submit: '修改密码',
    submitting: '提交中...',
    successDetail: '确认邮件已发送到你的邮箱，点击邮件中的链接后新密码生效。',
    toLogin: '去登录',
    backToLogin: '返回登录',
  },
  dashboard: {
    title: '使用教程',
    visitorPrompt: '登录后即可获取订阅链接。',
    account: (email: string) => `当前账号：${email}`,
    login: '登录',
    register: '注册',
    loginToSee: '登录后查看',
    loadFailed: '用户信息加载失败',
    loadFailedDetail: '请检查网络后重试。',
  },
  timePackage: {
    title: '时间套餐',
    remainingDays: '剩余天数',
    days: (days: number) => `${days} 天`,
    dailyRemaining: '今日剩余流量',
    dailyUsed: (used: string, limit: string) => `今日已用 ${used} GB / ${limit} GB`,
  },
  traffic: {
    title: '不限时流量',
    remaining: '剩余流量',
    buyMore: '购买流量',
  },
  signUseCard: {
    title: '每日签到',
    button: '每日签到',
    signing: '签到中...',
    done: '已签到',
    reward: (mb: number) => `付费用户每日签到可领取 ${mb} MB 流量`,
    streak: (days: number, target: number, bonusMb: number) =>
      `已连续签到 ${days} 天，连续签到 ${target} 天额外奖励 ${bonusMb} MB`,
    success: (addedMb: string) => `签到成功，获得 ${addedMb} MB 流量`,
    successWithBonus: (addedMb: string, target: number) =>
      `签到成功，获得 ${addedMb} MB 流量，其中包含连续签到 ${target} 天的额外奖励`,
  },
  startUsing: {
    title: '开始使用',
    subtitle: '选择你的设备，下载客户端，一键导入订阅即可使用。',
    recommended: '推荐',
    directNodes: '支持直连节点',
    tutorial: '使用教程',
    subscribe: '订阅',
    version: (version: string) => `版本 ${version}`,
    troubleshooting: '连接不上？查看常见问题',
    appleId: 'iOS 没有海外 Apple ID？使用共享 Apple ID',
  },
  advanced: {
    /** Ours (issue 27): what the universal link is. */
    universalNote: '一个链接适用于所有客户端：客户端自动获取对应格式，浏览器打开可查看套餐和二维码。',
    title: '高级导入',
    subtitle: '更多客户端的订阅方式。',
    noDirect: '不支持直连',
    allSsrLinks: '查看全部 SSR 链接',
  },
  menu: {
    import: '一键导入',
    importMoji: '一键导入（moji 版）',
    copy: '复制订阅链接',
    copyMoji: '复制订阅链接（moji 版）',
    qr: '显示二维码',
    reset: '重置订阅链接',
    confirm: '确认',
    cancel: '取消',
    resetting: '重置中...',
  },
  purchase: {
    title: '购买套餐',
    body: '多国家原生住宅 IP，回国线路；按流量购买不限时间，或按时间购买不限流量；不限设备，不限速，支持 USDT 付款。',
    cta: '去商店看看',
    close: '关闭',
  },
  promo: {
    title: '流量不够用？',
    body: '商务专线、中转线路，全平台客户端；邀请好友消费还可获得现金返利。',
    cta: '查看套餐',
  },
} as const;

/**
 * Texts of the portal frame (header, footer, announcement and trial-coupon dialogs). Spec-1 §2
 * describes these in English; the Chinese wording is ours.
 */
export const frameMessages = {
  mainMenu: '主菜单',
  home: '首页',
  login: '登录',
  logout: '退出登录',
  forgotPassword: '忘记密码',
  userMenu: '用户菜单',
  /** The user menu's button: its name starts with the e-mail it shows (WCAG 2.5.3, label in name). */
  userMenuOf: (email: string) => `${email} 用户菜单`,
  notices: '通知',
  noticesUnread: (count: number) => `通知（${count} 条未读）`,
  noticesLoadFailed: '通知加载失败',
  retry: '重试',
  close: '关闭',
  loading: '加载中...',
  lazyLoadFailed: '加载失败，请刷新页面后重试',
  copyright: 'Copyright © 2022',
  panelHome: '面板首页',
  announcement: {
    title: '最新公告',
    open: '公告',
    important: '重要',
    entryReminder: '请收藏并牢记本站入口页地址：',
    contact: '联系方式：',
    chatGroup: '加入交流群',
    feedbackPrefix: '遇到问题？',
    feedbackLink: '提交工单',
    feedbackSuffix: '，我们会在一个工作日内回复。',
    loadFailed: '公告加载失败',
    close: '知道了',
  },
  coupon: {
    open: '兑换体验券',
    title: '兑换体验券',
    label: '体验券兑换码',
    placeholder: '请输入体验券兑换码',
    empty: '请输入体验券兑换码',
    submit: '兑换',
    submitting: '兑换中...',
    cancel: '取消',
    /** Spec-1 §8: the coupon name, then whole GB and days only when positive. */
    success: (name: string, gb: number, days: number) =>
      `恭喜您获得「${name}」` + (gb > 0 ? `，流量增加 ${gb}GB` : '') + (days > 0 ? `，时长增加 ${days} 天` : ''),
  },
} as const;

/**
 * Texts of the tutorial pages' frame (mf-tutorials). The guides' own step texts are data of that
 * remote (one definition per client), so they load only with a tutorial page.
 */
export const tutorialMessages = {
  step: (n: number) => `第 ${n} 步`,
  steps: '操作步骤',
  versions: '客户端版本',
  requirement: '系统要求',
  download: '下载地址',
  oneTap: '一键导入',
  copyLink: '复制订阅链接',
  yourLink: '您的订阅链接',
  loginNeeded: '一键导入和复制订阅链接需要使用您自己的订阅链接，请先登录。',
  login: '去登录',
  troubleshooting: '查看常见问题',
  feedback: '仍未解决？请提交工单，我们会在一个工作日内回复。',
  feedbackLink: '提交工单',
  figure: (n: number) => `图 ${n}`,
} as const;

/**
 * Texts of the shop, orders and payments (spec-2 §2, §4, §5, §8). Server failures are shown as
 * `${text}${message}` where the spec says the server message is appended.
 */
export const shopMessages = {
  coupon: {
    empty: '优惠券不能为空',
    /** 1021 */
    tooMany: '尝试次数过多，请稍后再试',
    /** 1017 */
    limit: '优惠券使用次数已达上限（取消未完成的订单可释放）',
    /** 1022 */
    trialOnOrder: '体验券不能用于订单，请通过“兑换体验券”按钮兑换',
    /** 1025 */
    orderHasCoupon: '订单已使用优惠券，请先取消',
    /** 1029 */
    expired: '优惠券已过期',
    other: '优惠券错误',
    cancelFailed: '取消使用优惠券失败，请稍后重试',
    applied: '优惠券已使用',
    cancelled: '已取消使用优惠券',
  },
  createOrderFailed: (message: string) => `创建订单失败:${message}`,
  walletCheckFailed: '订单确认出错',
  buyFailed: '创建订单失败，请稍后重试',
  orderCancelFailed: '订单取消失败',
  orderCancelled: '订单已取消',
  orderFeedbackFailed: '未知错误',
  orderFeedbackRule: '简单描述，不要超过30字，管理员尽快处理',
  orderFeedbackSent: '反馈已提交',
  paid: '支付成功',
  paidRedirect: '支付成功，5秒后返回首页',
  purchaseSuccess: '购买成功',
} as const;
