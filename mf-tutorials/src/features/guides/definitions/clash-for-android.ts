import { CLASH_AUTO_UPDATE_MINUTES, clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { androidRequirement, issuesStep, manualText, oneTapText, speedTestAdvice } from './common';

export default defineGuide({
  page: 'clash_for_android',
  client: 'clash',
  name: 'Clash',
  platform: 'android',
  intro: 'Clash for Android 使用规则分流，国内网站直连。',
  versions: [{ label: 'Clash for Android', version: clientVersions.clashAndroid }],
  requirement: androidRequirement,
  download: { text: `下载 Clash for Android ${clientVersions.clashAndroid} 的安装包（premium 或普通版均可）。` },
  steps: [
    { kind: 'install', title: '下载并安装 Clash', text: ['安装 apk 后打开 Clash。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('Clash'), '在「新配置」页点击右上角保存。'],
      screen: {
        device: 'phone',
        app: '新配置',
        label: 'Clash for Android 新配置页：点击保存',
        rows: ['名称：云梯加速', 'URL：订阅链接', `自动更新：${CLASH_AUTO_UPDATE_MINUTES}`],
        mark: { at: 'action', text: '保存' },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [manualText('「配置」→「新配置」→「URL」的 URL 一栏'), '名称填「云梯加速」，保存后选中该配置。'],
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['回到首页点击「已停止 / 点此启动」，首次使用时允许建立 VPN 连接；在「代理」页选择节点。'],
      screen: {
        device: 'phone',
        app: 'Clash',
        label: 'Clash for Android 首页：点击启动',
        rows: ['已停止 点此启动', '代理', '配置'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'rules',
      title: '自动更新（可选）',
      text: [`在配置的编辑页把「自动更新」设为 ${CLASH_AUTO_UPDATE_MINUTES} 分钟（每天一次）。`, speedTestAdvice],
    },
    issuesStep(),
  ],
});
