import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText } from './common';

const nav = ['Home', 'Configs', 'Settings'];

export default defineGuide({
  page: 'v2box_for_ios',
  client: 'v2box',
  name: 'V2Box',
  platform: 'ios',
  intro: 'V2Box 是 iOS 上的免费 v2ray 客户端。',
  download: { text: appStoreText },
  steps: [
    { kind: 'install', title: '下载 V2Box', text: ['用海外 Apple ID 在 App Store 搜索「V2Box」并下载（免费）。'] },
    { kind: 'oneTap', title: '一键导入订阅', text: [oneTapText('V2Box')] },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [
        '点击「复制订阅链接」，在「Configs」页点击右上角「+」→「Add subscription」，Name 填「云梯加速」，URL 粘贴订阅链接，点击「Add」。',
      ],
      screen: {
        device: 'phone',
        app: 'Configs',
        label: 'V2Box 的 Configs 页：添加订阅',
        nav,
        rows: ['Name：云梯加速', 'URL：订阅链接'],
        mark: { at: 'action', text: 'Add' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['在「Configs」中选择节点，回到「Home」点击「Connect」，首次使用时允许添加 VPN 配置。'],
      screen: {
        device: 'phone',
        app: 'V2Box',
        label: 'V2Box 首页：点击 Connect',
        nav,
        rows: ['云梯加速 · 香港 01', 'Not connected'],
        mark: { at: 'nav', index: 0 },
      },
    },
    { kind: 'rules', title: '自动更新（可选）', text: ['在订阅的设置中打开自动更新。'] },
    issuesStep(),
  ],
});
