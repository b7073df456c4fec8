/** Texts of /channel (ours: the spec describes the page in English). */
export const channelLabels = {
  title: '邀请返利',
  loginNeeded: '请登录后查看邀请返利',
  agency: '代理账号不参与邀请返利',
  loadFailed: '邀请信息加载失败',
  rate: (percent: string, days: number, minYuan: number) =>
    `好友通过您的邀请链接注册后 ${days} 天内，每次消费您都可获得消费金额 ${percent}% 的现金返利。返利存入钱包，满 ${minYuan} 元即可申请提现。`,
  rateFigure: (percent: string) => `${percent}%`,
  rateTitle: '返利比例',
  closed: '邀请返利暂未开放',
  link: '邀请链接',
  copyLink: '复制邀请链接',
  invited: '已邀请',
  invitedCount: (n: number) => `${n} 人`,
  rewards: {
    title: '返利记录',
    loadFailed: '返利记录加载失败',
    user: '用户',
    item: '购买',
    spend: '消费',
    reward: '返利',
    time: '时间',
    left: '返利后余额',
  },
} as const;
