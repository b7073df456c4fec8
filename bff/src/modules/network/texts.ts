/** Refusals of the network screens (nodes, entries, lines, permissions), shown after the screen's failure prefix. */
export const networkTexts = {
  agentMissing: '节点不存在',
  entryMissing: '入口不存在',
  lineMissing: '线路不存在',
  permissionMissing: '权限不存在',
  lineAgentUnknown: '所选节点不存在',
  lineEntryRequired: '中转（report）线路必须选择一个存在的入口',
  linePermissionUnknown: '所选权限不存在',
  permissionNameTaken: (name: string) => `权限名称「${name}」已存在`,
  permissionRenameInUse: (products: number) => `有 ${products} 个商品授予该权限，不能改名，请先修改商品`,
  permissionInUse: (lines: number, products: number) => `该权限仍被 ${lines} 条线路、${products} 个商品使用，不能删除`,
  entryInUse: (lines: number) => `该入口仍被 ${lines} 条线路使用，不能删除`,
} as const;
