/** Texts of the settings screen (the spec's toasts are in `adminMessages`). */
export const configLabels = {
  title: '系统配置',
  save: '保存',
  restore: '恢复',
  restoreHelp: '放弃未保存的修改，重新读取已保存的配置',
  testerLabel: '测试通用订阅链接的客户端规则',
  testerHelp: '输入客户端的 User-Agent，查看它命中哪条规则（按屏幕上未保存的规则测试）',
  testerRun: '测试',
  testerFailed: '测试失败',
  testerResult: (match: { index: number; name: string; answer: string; problem?: string }) =>
    [
      match.index < 0
        ? `没有规则命中：返回分享链接（${match.answer}）`
        : `命中第 ${match.index + 1} 条规则「${match.name}」：返回 ${match.answer === 'page' ? '订阅页面' : match.answer === 'refuse' ? '拒绝（403）' : match.answer}`,
      ...(match.problem ? [match.problem] : []),
    ].join('；'),
} as const;
