/**
 * Texts of the signed-in devices (issue 25): the BFF's refusal and the 登录设备 sections of
 * /user_info and the back office's user detail. The spec has no such screen; the wording is ours.
 */
export const sessionMessages = {
  /** end_session with an id the caller has no live session with (unknown, ended, or another user's). */
  notFound: '该设备已退出或不存在',
  title: '登录设备',
  note: '在这里可以看到登录了您账号的设备，不认识的设备请立即退出并修改密码。',
  current: '当前设备',
  unknownBrowser: '未知浏览器',
  unknownOs: '未知系统',
  unknownIp: '未知地址',
  lastSeen: (time: string) => `最近使用：${time}`,
  firstSeen: (time: string) => `首次登录：${time}`,
  signOut: '退出',
  signOutOthers: '退出其他设备',
  signOutAll: '全部退出',
  loadFailed: '登录设备加载失败',
  confirmOneTitle: '退出该设备？',
  confirmOneText: (device: string) => `${device} 将需要重新登录。`,
  confirmOthersTitle: '退出其他所有设备？',
  confirmOthersText: '除当前设备外，所有登录了您账号的设备都需要重新登录。',
  confirmAllTitle: '退出该用户的全部设备？',
  confirmAllText: '该用户所有已登录的设备都需要重新登录。',
  confirm: '确定退出',
  cancel: '取消',
  busy: '退出中...',
  signedOut: '已退出该设备',
  signedOutCount: (n: number) => `已退出 ${n} 台设备`,
  failed: '退出失败',
} as const;

/** "Chrome 131 · Windows 10", with the unknown parts named as such. */
export function deviceName(device: { browser: string | null; os: string | null }): string {
  return `${device.browser ?? sessionMessages.unknownBrowser} · ${device.os ?? sessionMessages.unknownOs}`;
}
