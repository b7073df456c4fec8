import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText } from './common';

const nav = ['Dashboard', 'Groups', 'Profiles', 'Settings'];

export default defineGuide({
  page: 'singbox_for_ios',
  client: 'singbox',
  name: 'SingBox',
  platform: 'ios',
  intro: 'sing-box 的 iOS 版（免费）。',
  download: { text: appStoreText },
  steps: [
    {
      kind: 'install',
      title: '下载 sing-box',
      text: ['用海外 Apple ID 在 App Store 搜索「sing-box」并下载（免费）。'],
    },
    { kind: 'oneTap', title: '一键导入订阅', text: [oneTapText('sing-box')] },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [
        '点击「复制订阅链接」，在「Profiles」点击「New Profile」：Name 填「云梯加速」，Type 选「Remote」，URL 粘贴订阅链接，建议打开「Auto Update」，点击「Create」。',
      ],
      screen: {
        device: 'phone',
        app: 'New Profile',
        label: 'sing-box iOS 新建配置：Type 选 Remote 并粘贴 URL',
        nav,
        rows: ['Name：云梯加速', 'Type：Remote', 'URL：订阅链接', 'Auto Update'],
        mark: { at: 'action', text: 'Create' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['在「Dashboard」选择配置并点击「Enable」，首次使用时允许添加 VPN 配置；在「Groups」中选择节点。'],
      screen: {
        device: 'phone',
        app: 'Dashboard',
        label: 'sing-box iOS 的 Dashboard：点击 Enable',
        nav,
        rows: ['云梯加速', 'Status：Disabled'],
        mark: { at: 'switch', index: 1 },
      },
    },
    { kind: 'rules', title: '自动更新（可选）', text: ['保持配置的「Auto Update」打开。'] },
    issuesStep(),
  ],
});
