import { appleIdMessages, profileMessages } from '@portal/contracts';

/** Texts of /apple_id_share: the spec's messages from contracts, the rest our wording. */
export const appleIdLabels = {
  title: '共享 Apple ID',
  intro: '在 App Store 中登录以下账号即可下载客户端。',
  warning: '只在 App Store 中登录，不要在系统设置中登录 iCloud，以免设备被锁定；下载完成后请退出账号。',
  login: '去登录',
  shop: '去购买',
  loadFailed: '共享账号加载失败',
  account: '账号',
  password: '密码',
  region: '地区',
  note: '备注',
  copyAccount: '复制账号',
  copyPassword: '复制密码',
  guide: '想注册自己的海外 Apple ID？查看注册教程',
  messages: { ...appleIdMessages, copied: profileMessages.copied, copyFailed: profileMessages.copyFailed },
} as const;
