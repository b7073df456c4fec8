import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText, speedTestAdvice } from './common';

export default defineGuide({
  page: 'ss_for_ios',
  client: 'shadowrocket',
  name: 'Shadowrocket',
  platform: 'ios',
  intro: 'Shadowrocket（小火箭）是 iOS 上常用的付费客户端。',
  download: { text: appStoreText },
  steps: [
    { kind: 'install', title: '下载 Shadowrocket', text: ['用海外 Apple ID 在 App Store 搜索并下载 Shadowrocket。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('Shadowrocket'), '一键导入需要在 iPhone 或 iPad 上打开本页。'],
      screen: {
        device: 'phone',
        app: 'Shadowrocket',
        label: 'Shadowrocket 首页：导入后出现本站订阅',
        nav: ['首页', '配置', '数据', '设置'],
        rows: ['云梯加速（订阅）', '香港 01', '日本 01'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [
        '点击「复制订阅链接」，打开 Shadowrocket，点击右上角「+」，类型选「Subscribe」，URL 粘贴订阅链接，备注填「云梯加速」，点击「完成」。',
      ],
      screen: {
        device: 'phone',
        app: '添加节点',
        label: 'Shadowrocket 添加订阅：类型 Subscribe，粘贴 URL 后完成',
        rows: ['类型：Subscribe', 'URL：订阅链接', '备注：云梯加速'],
        mark: { at: 'action', text: '完成' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['选择一个节点，打开首页顶部的连接开关，首次使用时允许添加 VPN 配置。'],
      screen: {
        device: 'phone',
        app: 'Shadowrocket',
        label: 'Shadowrocket 首页：打开连接开关',
        nav: ['首页', '配置', '数据', '设置'],
        rows: ['未连接', '全局路由：配置'],
        mark: { at: 'switch', index: 0 },
      },
    },
    {
      kind: 'rules',
      title: '规则与自动更新（可选）',
      text: ['「全局路由」选择「配置」（按规则分流）。「设置」→「订阅」中打开「打开时更新」。', speedTestAdvice],
    },
    issuesStep(['网页打不开：在「配置」中恢复默认配置并使用它。']),
  ],
});
