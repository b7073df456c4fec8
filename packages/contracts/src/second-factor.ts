/** The second factor's words on screen (issue 25; docs/second-factor.md). */
export const secondFactorMessages = {
  issuer: '云梯加速',
  section: '两步验证',
  intro: '登录后台时，除密码外还需输入身份验证器（如 Google Authenticator、Microsoft Authenticator）中的 6 位验证码。',
  enabled: '已开启',
  disabled: '未开启',
  recoveryLeft: (n: number) => `剩余 ${n} 个恢复码`,
  requiredNote: '管理员已要求所有后台人员开启两步验证，开启前无法使用后台功能。',
  enable: '开启两步验证',
  /** Enrolling TOTP when passkeys are already the factor. */
  addAuthenticator: '添加身份验证器',
  change: '更换验证器',
  remove: '关闭两步验证',
  newRecoveryCodes: '重新生成恢复码',
  enrolTitle: '设置两步验证',
  scan: '用身份验证器扫描二维码，或手动输入密钥：',
  secretLabel: '密钥',
  qrAlt: '两步验证二维码',
  codeLabel: '6 位验证码',
  codePlaceholder: '请输入验证器中的 6 位数字',
  recoveryLabel: '恢复码',
  recoveryPlaceholder: '例如 ABCD-EFGH-JKLM',
  useRecovery: '使用恢复码',
  useCode: '使用验证码',
  currentCodeTitle: '输入当前验证码',
  currentCodeText: '此操作需要当前的两步验证码（或一个恢复码）。',
  confirm: '确认',
  cancel: '取消',
  checking: '验证中...',
  loading: '加载中...',
  codesTitle: '保存恢复码',
  codesText: '每个恢复码只能使用一次，可在无法使用验证器时登录。它们只显示这一次，请妥善保存。',
  copy: '复制',
  copied: '已复制',
  download: '下载',
  done: '我已保存',
  enabledToast: '两步验证已开启',
  removedToast: '两步验证已关闭',
  loginTitle: '两步验证',
  loginText: '请输入身份验证器中的 6 位验证码。',
  loginRecoveryText: '请输入一个未使用过的恢复码，每个恢复码只能使用一次。',
  loginSubmit: '验证并登录',
  back: '返回',
  stepUpTitle: '再次验证身份',
  stepUpText: '这是一项敏感操作，请输入两步验证码后继续。',
  stepUpSubmit: '验证并继续',
  stepUpPasskeyText: '这是一项敏感操作，请使用通行密钥验证后继续。',
  codeInvalid: '请输入 6 位数字验证码',
  recoveryInvalid: '请输入恢复码',
  loadFailed: '加载失败，请重试',
  /** The /user_info card's status could not be read. */
  statusLoadFailed: '两步验证加载失败',
  retry: '重试',
  /** The login's second step for an account with passkeys only (the rest: passkeyMessages). */
  passkeyLoginText: '请使用已添加的通行密钥完成验证。',
} as const;

/**
 * Passkeys' words on screen (WebAuthn, issue 25): apart from secondFactorMessages so that the
 * login page, which carries those, does not carry these (they come with the lazy passkey parts).
 */
export const passkeyMessages = {
  passkeysTitle: '通行密钥',
  passkeysIntro: '通行密钥使用设备的指纹、面容或安全密钥验证身份，比验证码更安全，可用于登录和再次验证。',
  passkeysEmpty: '尚未添加通行密钥',
  addPasskey: '添加通行密钥',
  passkeyNameLabel: '通行密钥名称',
  passkeyNamePlaceholder: '例如：办公室电脑',
  passkeyNameInvalid: '请输入名称',
  passkeyAddText: '为这个通行密钥起一个名字，方便以后识别。点击“继续”后按浏览器的提示完成验证。',
  passkeyContinue: '继续',
  passkeyWaiting: '请按浏览器的提示完成验证...',
  passkeyAddedToast: '通行密钥已添加',
  passkeyRemovedToast: '通行密钥已删除',
  removePasskey: '删除',
  removePasskeyTitle: '删除通行密钥',
  removePasskeyText: (name: string) => `确定删除通行密钥“${name}”吗？删除后不能再用它登录。`,
  passkeyCreated: (date: string) => `添加于 ${date}`,
  passkeyLastUsed: (date: string) => `最近使用 ${date}`,
  passkeyNeverUsed: '尚未使用',
  usePasskey: '使用通行密钥',
  passkeyCancelled: '验证已取消或超时，请重试',
  passkeyUnsupported: '当前浏览器不支持通行密钥',
  passkeyFailed: '通行密钥验证失败，请重试',
  passkeyExpired: '通行密钥验证已失效，请重试',
  passkeyDuplicate: '这个通行密钥已经添加过了',
  passkeyNotFound: '通行密钥不存在',
  checkFirstText: '添加或删除通行密钥前需要再次验证身份。',
  /** New recovery codes for an account with passkeys only (no authenticator code to type). */
  newCodesText: '重新生成后，旧的恢复码将全部失效，新的恢复码只显示一次。',
  newCodesCheckText: '重新生成恢复码前需要再次验证身份。',
} as const;

/** A six-digit authenticator code. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** Minutes a step-up check lasts. */
export const STEP_UP_MINUTES = 10;

/** The longest name a user gives a passkey. */
export const PASSKEY_NAME_MAX = 40;
