import { giftMessages } from '@portal/contracts';

/**
 * Texts of /push. The gift refusals and states are spec-2 §4/§5/§8's (from contracts, shared with
 * the BFF; 最低转赠{n}G is quoted); the rest is ours where the spec names none.
 */
export const pushLabels = {
  title: '流量转赠',
  loginNeeded: '请登录后使用流量转赠',
  loadFailed: '转赠记录加载失败',
  rules: (minGb: number, feePercent: string) =>
    `最低转赠 ${minGb}G，平台收取 ${feePercent}% 手续费；只有不限时流量可以转赠。`,
  available: '可转赠流量',
  gb: (gb: string) => `${gb} G`,
  give: '转赠流量',
  receive: '领取流量',
  listTitle: '转赠记录',
  states: giftMessages.states,
  sent: '我转赠的',
  received: '我领取的',
  code: '转赠码',
  copyCode: '复制转赠码',
  amount: '转赠流量',
  fee: '手续费',
  receiveNumber: '对方获得',
  gained: '获得流量',
  createTime: '创建时间',
  receiveTime: '领取时间',
  giveDialog: {
    title: '转赠流量',
    amount: '转赠数量（G）',
    placeholder: (minGb: number) => `不少于 ${minGb}`,
    available: (gb: string) => `可转赠：${gb} G`,
    preview: (fee: string, received: string) => `手续费 ${fee} G，对方将获得 ${received} G`,
    empty: '请输入转赠数量',
    wholeNumber: '请输入整数（单位 G）',
    belowMinimum: giftMessages.belowMinimum,
    notEnough: giftMessages.notEnough,
    submit: '确认转赠',
    submitting: '转赠中...',
    cancel: '取消',
    failed: '转赠失败，请稍后重试',
    done: '转赠成功，请把转赠码发给对方',
    doneTitle: '转赠成功',
    close: '完成',
  },
  receiveDialog: {
    title: '领取流量',
    code: '转赠码',
    placeholder: '请输入或粘贴转赠码',
    empty: '请输入转赠码',
    submit: '领取',
    submitting: '领取中...',
    cancel: '取消',
    /** 999 (spec-2 §8): unknown error. */
    unknown: giftMessages.unknown,
    done: (gb: string) => `领取成功，获得 ${gb} G 流量`,
  },
} as const;
