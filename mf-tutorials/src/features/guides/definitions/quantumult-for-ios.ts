import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText } from './common';

export default defineGuide({
  page: 'quantumult_for_ios',
  client: 'quantumult',
  name: 'Quantumult',
  platform: 'ios',
  intro: 'Quantumult（圈）：一键导入会同时添加节点订阅和分流规则。',
  download: { text: appStoreText },
  steps: [
    { kind: 'install', title: '下载 Quantumult', text: ['用海外 Apple ID 在 App Store 搜索并下载 Quantumult。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('Quantumult'), '一键导入需要在 iPhone 或 iPad 上打开本页。'],
      screen: {
        device: 'phone',
        app: 'Quantumult',
        label: 'Quantumult 导入确认：点击添加',
        rows: ['服务器订阅：云梯加速', '分流订阅'],
        mark: { at: 'action', text: '添加' },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: ['点击「复制订阅链接」，打开「设置」→「订阅」→ 右上角「+」→「服务器」，粘贴链接并保存。'],
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['在首页选择节点，打开顶部的开关，首次使用时允许添加 VPN 配置。'],
      screen: {
        device: 'phone',
        app: 'Quantumult',
        label: 'Quantumult 首页：打开顶部开关',
        rows: ['连接', '香港 01', '日本 01'],
        mark: { at: 'switch', index: 0 },
      },
    },
    { kind: 'rules', title: '规则（可选）', text: ['选择「自动分流」模式，国内网站直连。'] },
    issuesStep(),
  ],
});
