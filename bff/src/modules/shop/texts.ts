/** Refusals of the admin product screen, shown after its failure prefix (商品配置失败, 商品删除失败). */
export const shopTexts = {
  comboMissing: '商品不存在或已下架',
  permissionsUnknown: (names: readonly string[]) => `权限不存在：${names.join('、')}（请先在权限配置中添加）`,
} as const;
