import type { StaffSource } from '@portal/contracts';

/** The staff and roles screens' texts (issue 25). */
export const staffLabels = {
  title: '员工管理',
  noun: '员工',
  email: '邮箱',
  emailHelp: '已注册账号的邮箱；任命后该账号按角色使用后台',
  role: '角色',
  since: '任命时间',
  source: '来源',
  lastSignIn: '最近登录',
  secondFactor: '二次验证',
  saved: '员工已保存',
  saveFailed: '保存员工失败:',
  removed: '已解除任命，该员工的登录已全部退出',
  removeFailed: '解除任命失败:',
  confirmRemove: (email: string) => `解除 ${email} 的任命？该员工的所有登录会立即退出。`,
  removeAction: '解除任命',
  sources: {
    owner: '站长（admin_id）',
    screen: '员工管理任命',
    yunying_list: '运营名单（yunying_list）',
  } satisfies Record<StaffSource, string>,
  secondFactors: { none: '未设置', totp: '验证器', passkey: '通行密钥', both: '验证器 + 通行密钥' } as Record<
    string,
    string
  >,
  roles: {
    title: '角色管理',
    noun: '角色',
    name: '名称',
    permissions: '权限',
    builtin: '类型',
    builtinLabels: ['内置', '自定义'] as const,
    members: '员工数',
    saved: '角色已保存',
    saveFailed: '保存角色失败:',
    deleted: '角色已删除',
    deleteFailed: '删除角色失败:',
    ownerOnly: '只有站长可以编辑角色；内置角色（管理员、运营）不能修改。',
  },
} as const;
