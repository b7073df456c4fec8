/**
 * Texts of the back office (spec-2 §5, §8), exactly as the spec writes them. A subpath of its own
 * (`@portal/contracts/admin-messages`): the contracts index is shared with every first page, and
 * nothing here belongs on a visitor's page.
 */
export const adminMessages = {
  failure: {
    permissionSave: '配置失败',
    permissionDelete: '权限删除失败',
    /** Agent, entry and line saves. */
    lineSave: '线路配置失败',
    upgrade: '升级失败',
    agentDelete: '节点删除失败',
    resetUpdateTimes: '刷新失败',
    channelSave: '渠道配置失败',
    userSave: '用户配置失败',
    delete: '删除失败',
    settle: '结算失败',
    comboSave: '商品配置失败',
    comboDelete: '商品删除失败',
    resetHot: '流量刷新失败',
    /** Shown 3 s. */
    clearErrors: '清理失败',
    couponSave: '配置优惠券失败:',
    couponDelete: '删除优惠券失败:',
    couponDeleteAll: '删除所有优惠券失败:',
    prizeSave: '配置奖品失败:',
    prizeDelete: '删除失败:',
  },
  success: {
    updated: '更新成功',
    permissionDeleted: '权限删除成功',
    lineUpdated: '更新线路成功',
    upgraded: '升级成功',
    agentDeleted: '节点删除成功',
    channelSaved: '渠道配置成功',
    userSaved: '用户配置成功',
    settled: '结算成功',
    messageLeft: '留言成功',
    comboSaved: '商品配置成功',
    hotReset: '流量刷新成功',
    couponSaved: '配置优惠券成功',
    couponDeleted: '删除优惠券成功',
    couponsDeletedAll: '删除所有优惠券成功',
    prizeSaved: '配置奖品成功',
    deleted: '删除成功',
  },
  /** The count message of the error-log clear button. */
  errorsCleared: (n: number) => `已清理${n}条错误记录`,
  /** spec-2 §5: a line with fixName on must not be listed more than once. */
  lineFixNameRefusal: '固定名字，就不要配置多个，否则会出现重名',
  empty: '暂无记录',
  forbidden: '无权访问',
  /** The back office's frame: the sidebar (desktop) or drawer (phone) of its screens by group. */
  layout: {
    nav: '后台导航',
    openNav: '后台菜单',
    closeNav: '关闭菜单',
    account: '我的账户',
    logout: '退出登录',
    /** Beside the phone's menu button: the screen on show. */
    current: (label: string) => `当前：${label}`,
  },
} as const;
