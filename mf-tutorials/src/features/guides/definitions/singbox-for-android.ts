import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { androidRequirement, issuesStep, oneTapText } from './common';

const nav = ['Dashboard', 'Groups', 'Profiles', 'Settings'];

export default defineGuide({
  page: 'singbox_for_android',
  client: 'singbox',
  name: 'SingBox',
  platform: 'android',
  intro: 'sing-box 安卓版（SFA）。',
  versions: [{ label: 'SingBox', version: clientVersions.singbox }],
  requirement: androidRequirement,
  download: {
    text: `下载 sing-box 的安卓 apk（需要 Android ${clientVersions.androidMin} 以上）。`,
    href: 'https://github.com/SagerNet/sing-box/releases',
    label: 'sing-box 发布页',
  },
  steps: [
    { kind: 'install', title: '下载并安装 SingBox', text: ['安装 apk 后打开 SingBox。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('SingBox'), '在 SingBox 中确认导入。'],
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [
        '点击「复制订阅链接」，打开「Profiles」→「Create Manually」：Name 填「云梯加速」，Type 选「Remote」，URL 粘贴订阅链接，建议打开「Auto Update」，然后点击「Create」。',
      ],
      screen: {
        device: 'phone',
        app: 'New Profile',
        label: 'SingBox 手动创建配置：Name、Type 选 Remote、URL、Auto Update',
        nav,
        rows: ['Name：云梯加速', 'Type：Remote', 'URL：订阅链接', 'Auto Update'],
        mark: { at: 'switch', index: 3 },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: [
        '在「Dashboard」选中刚才的配置，点击右下角的开关启动，首次使用时允许建立 VPN 连接；在「Groups」中选择节点。',
      ],
      screen: {
        device: 'phone',
        app: 'Dashboard',
        label: 'SingBox 的 Dashboard：点击开关启动',
        nav,
        rows: ['云梯加速', 'Status：Stopped'],
        mark: { at: 'action', text: 'Start' },
      },
    },
    {
      kind: 'rules',
      title: '自动更新（可选）',
      text: ['在配置的详情中保持「Auto Update」打开，节点变化时会自动更新。'],
    },
    issuesStep(),
  ],
});
