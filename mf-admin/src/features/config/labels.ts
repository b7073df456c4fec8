/** Texts of the settings screen (the spec's toasts are in `adminMessages`). */
export const configLabels = {
  title: '系统配置',
  save: '保存',
  restore: '恢复',
  restoreHelp: '放弃未保存的修改，重新读取已保存的配置',
} as const;
