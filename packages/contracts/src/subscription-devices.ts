import type { SubscriptionDevice } from './api/subscription-devices.js';

/**
 * Texts of the subscription devices (issue 27): the 客户端设备 sections of /user_info and of the
 * back office's user detail. The spec has no such screen; the wording is ours, but the text a
 * refused client shows is in bff/src/modules/subscriptions/rules.ts.
 */
export const clientDeviceMessages = {
  title: '客户端设备',
  note: '用订阅链接导入过的客户端（按设备标识区分）。超出设备数的新设备只能看到提示，不会得到线路；移除不用的设备即可腾出名额。',
  limit: (used: number, limit: number) => (limit > 0 ? `已用 ${used} / ${limit} 台` : `已用 ${used} 台（不限设备数）`),
  unknownModel: '未知型号',
  unknownDevice: '未识别的客户端（未发送设备标识）',
  unknownOs: '未知系统',
  lastSeen: (time: string) => `最近更新：${time}`,
  firstSeen: (time: string) => `首次导入：${time}`,
  remove: '移除',
  confirmTitle: '移除该设备？',
  confirmText: (device: string) => `${device} 将不再计入设备数；它下次更新订阅时会作为新设备重新计入。`,
  confirm: '确定移除',
  cancel: '取消',
  busy: '移除中...',
  removed: '已移除该设备',
  failed: '移除失败',
  loadFailed: '客户端设备加载失败',
  /** The operator's view. */
  fetchesTitle: '最近的订阅更新',
  fetchRefused: { device_limit: '超出设备数', no_hwid: '无设备标识' } as Record<string, string>,
  fetchServed: '正常',
  limitSource: (deviceNum: number, packageDeviceNum: number) =>
    deviceNum > 0
      ? `设备数 ${deviceNum}（管理员设置）`
      : packageDeviceNum > 0
        ? `设备数 ${packageDeviceNum}（套餐）`
        : '不限设备数',
} as const;

/** "iPhone15,2 · iOS 17.5", with the unknown parts named as such. */
export function clientDeviceName(device: Pick<SubscriptionDevice, 'model' | 'os' | 'unknown'>): string {
  if (device.unknown) return clientDeviceMessages.unknownDevice;
  return `${device.model || clientDeviceMessages.unknownModel} · ${device.os || clientDeviceMessages.unknownOs}`;
}
