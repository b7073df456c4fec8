import { defaultMessages, Codes } from '@portal/contracts';

/**
 * Texts of /lottery (ours: the spec has prizes and prizeBaseCost but no user screen). The
 * refusals are the BFF's codes' messages (1109, 1110, 1111), so the page and the server say the same.
 */
export const lotteryLabels = {
  title: '幸运抽奖',
  intro: '每次抽奖消耗永久流量，奖品由服务器按权重随机抽取：流量、会员时长或折扣券。',
  loginNeeded: '请登录后参与抽奖',
  loadFailed: '抽奖信息加载失败',
  cost: '每次消耗',
  left: '剩余永久流量',
  draw: '抽奖',
  drawing: '抽奖中...',
  paidOnly: defaultMessages[Codes.PRIZE_PAID_ONLY]!,
  paidOnlyHint: '购买任意套餐后即可参与抽奖。',
  notEnough: defaultMessages[Codes.PRIZE_NOT_ENOUGH_TRAFFIC]!,
  unavailable: defaultMessages[Codes.PRIZE_UNAVAILABLE]!,
  drawFailed: '抽奖失败，请稍后重试',
  prizes: '奖品',
  chance: (percent: string) => `中奖概率 ${percent}`,
  nothing: '未中奖',
  traffic: (g: string) => `${g}G 流量`,
  vip: (days: number) => `会员 ${days} 天`,
  coupon: (percent: string, days: number) => `${percent}折扣券（${days}天有效）`,
  photoAlt: (name: string) => `奖品「${name}」`,
  records: '我的抽奖记录',
  recordsFailed: '抽奖记录加载失败',
  spent: (g: string) => `消耗 ${g}G`,
  couponCode: '券码',
  couponUntil: (day: string) => `有效期至 ${day}`,
  couponHelp: '折扣券仅限本人在购买套餐时使用一次。',
  confirm: {
    title: '确认抽奖',
    text: (g: string) => `本次抽奖将消耗 ${g}G 永久流量，确定抽奖吗？`,
    cancel: '取消',
    submit: '确定抽奖',
  },
  result: {
    title: '抽奖结果',
    won: (name: string) => `恭喜获得「${name}」`,
    close: '知道了',
  },
} as const;
