import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText } from './common';

export default defineGuide({
  page: 'streisand_for_ios',
  client: 'streisand',
  name: 'Streisand',
  platform: 'ios',
  intro: 'Streisand 是 iOS 上的免费客户端。',
  download: { text: appStoreText },
  steps: [
    {
      kind: 'install',
      title: '下载 Streisand',
      text: ['用海外 Apple ID 在 App Store 搜索「Streisand」并下载（免费）。'],
    },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('Streisand')],
      screen: {
        device: 'phone',
        app: 'Streisand',
        label: 'Streisand 首页：导入后出现本站订阅',
        rows: ['云梯加速', '香港 01', '日本 01'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: ['点击「复制订阅链接」，在 Streisand 右上角「+」→「添加订阅」，粘贴链接并保存。'],
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['选择一个节点，点击底部的连接按钮，首次使用时允许添加 VPN 配置。'],
      screen: {
        device: 'phone',
        app: 'Streisand',
        label: 'Streisand 首页：点击连接按钮',
        rows: ['香港 01', '日本 01'],
        mark: { at: 'action', text: '连接' },
      },
    },
    { kind: 'rules', title: '自动更新（可选）', text: ['在订阅设置中打开自动更新。'] },
    issuesStep(),
  ],
});
