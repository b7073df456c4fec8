import { clientVersions, SPEED_TEST_URL, SPEED_TEST_URL_SURGE } from '@portal/contracts';

/** The troubleshooting page of spec-2: eight items, in the spec's order. */
export interface HelpItem {
  title: string;
  text: readonly string[];
  /** URLs the reader copies (speed-test addresses). */
  urls?: readonly { label: string; url: string }[];
  link?: { text: string; href: string };
}

export const windowsErrors: readonly HelpItem[] = [
  {
    title: '节点超时',
    text: ['先在客户端中更新订阅（订阅链接重置过的，请使用新的订阅链接重新订阅）。'],
  },
  {
    title: '修改客户端的测速地址',
    text: [
      '把客户端的延迟测试地址改为下面推荐的纯 http generate_204 地址；Surge 请使用另一个地址。不要使用 https 地址，否则延迟显示不准确甚至全部超时。',
    ],
    urls: [
      { label: '推荐测速地址', url: SPEED_TEST_URL },
      { label: 'Surge 测速地址', url: SPEED_TEST_URL_SURGE },
    ],
  },
  {
    title: 'DNS 控制',
    text: ['所在地区有 DNS 管控（例如新疆）时，请在「我的账户」页打开「解除 DNS 控制」选项并保存，然后更新订阅。'],
    link: { text: '前往我的账户', href: '/#/user_info' },
  },
  {
    title: 'Windows 上的 v2rayN',
    text: [`v2rayN 需要 ${clientVersions.v2rayNMin} 或更高版本，旧版本无法使用本站订阅，请先升级。`],
    link: { text: 'v2rayN 使用教程', href: '/#/v2rayng_for_windows' },
  },
  {
    title: '在海外使用',
    text: ['人在海外时，请在「我的账户」页打开「海外订阅」选项并保存，然后更新订阅。'],
    link: { text: '前往我的账户', href: '/#/user_info' },
  },
  {
    title: 'Surge 全部超时',
    text: [`Surge 中节点全部超时时，请把测速地址改为 ${SPEED_TEST_URL_SURGE}。`],
    urls: [{ label: 'Surge 测速地址', url: SPEED_TEST_URL_SURGE }],
  },
  {
    title: '不再支持 SSTAP',
    text: ['SSTAP 已停止支持。如果您有合适的客户端推荐，请通过工单反馈，被采纳的建议可获得至少 20G 永久流量奖励。'],
    link: { text: '提交工单', href: '/#/feedback' },
  },
  {
    title: 'Shadowrocket 网页打不开',
    text: ['在 Shadowrocket 的「配置」页恢复默认配置，并选择使用该默认配置。'],
  },
];

export const windowsErrorsIntro = '连接不上或速度异常时，请按下面的顺序逐项检查。';
export const windowsErrorsFooter = '仍未解决？请提交工单，我们会在一个工作日内回复。';
