import { profileMessages } from '@portal/contracts';

/**
 * Texts of /user_info. The spec's messages come from contracts (shared with the BFF and the
 * tests); the rest is our wording where the spec names none.
 */
export const profileLabels = {
  title: '我的账户',
  loadFailed: '账户信息加载失败',
  avatar: {
    title: '头像',
    upload: '上传头像',
    alt: '当前头像',
    none: '未设置头像',
  },
  permissions: {
    title: '特殊权限',
    loadFailed: '权限加载失败',
    expires: (date: string) => `到期时间：${date}`,
    showAll: (count: number) => `显示全部（${count}）`,
    collapse: '收起',
  },
  account: {
    title: '账号设置',
    email: '邮箱',
    emailNote: '修改邮箱后，我们会向新邮箱发送一封确认邮件，点击邮件中的链接后新邮箱才会生效。',
    pending: (email: string) => `待确认的新邮箱：${email}（请查收确认邮件）`,
    emailEmpty: '邮件不能为空',
    options: '订阅选项',
    optionsNote: '修改后请在客户端中更新订阅。',
    save: '保存',
    saving: '保存中...',
  },
  /** spec-2 §2 "Options", with what each does to the subscription (modules/subscriptions). */
  options: {
    inXinjiang: {
      label: '解除 DNS 管控',
      help: '节点改用 IP 直连，不再依赖域名解析，适合域名无法正常解析的地区（例如新疆）；CDN 线路不再提供。',
    },
    in_foreign: {
      label: '海外订阅',
      help: '人在海外时开启：订阅跳过国内中转入口，直接连接境外节点。',
    },
    use_english_node: {
      label: '英文节点名',
      help: '订阅中的节点名称显示为英文。',
    },
  },
  subscription: {
    title: '订阅链接',
    text: '订阅链接泄露后，他人可以使用您的流量。重置后旧链接立即失效，所有设备需要使用新链接重新订阅。',
    reset: '重置订阅链接',
  },
  telegram: {
    title: 'Telegram 绑定',
    bound: (name: string) => (name ? `已绑定 Telegram：${name}` : '已绑定 Telegram'),
    unbound: '未绑定 Telegram',
    unbind: '解除绑定',
    confirmTitle: '确认解除 Telegram 绑定',
    confirmText: '解除后将不再通过 Telegram 接收通知，需要时可以重新绑定。',
    cancel: '取消',
    confirm: '确认解除',
    unbinding: '解除中...',
  },
  messages: profileMessages,
} as const;
