/** Refusals of the coupon screens, shown after their failure prefixes (配置优惠券失败:, 删除优惠券失败:…). */
export const couponAdminTexts = {
  couponMissing: '优惠券不存在',
  recordMissing: '优惠券记录不存在',
  codeRequired: '优惠券码不能为空',
  codeTaken: (code: string) => `优惠券码已存在：${code}`,
  belowUsed: (used: number) => `总次数不能少于已使用次数（${used}）`,
  badExpireTime: '过期时间无效',
  alreadyRestored: '该记录已恢复',
  paidOrder: '订单已支付，优惠券不能恢复',
  orderNotOpen: '订单已过期或已关闭，优惠券会随订单取消自动恢复',
  /** Traffic records the user sees. */
  trafficTakenBack: (name: string) => `体验券「${name}」已被恢复，收回流量`,
  vipTakenBack: (name: string, days: number) => `体验券「${name}」已被恢复，会员时长 -${days} 天`,
} as const;
