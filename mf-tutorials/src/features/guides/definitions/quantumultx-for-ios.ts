import { SPEED_TEST_URL } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText } from './common';

export default defineGuide({
  page: 'quantumultx_for_ios',
  client: 'quantumultx',
  name: 'QuantumultX',
  platform: 'ios',
  intro: 'QuantumultX（圈 X）：一键导入会同时添加节点订阅、分流规则和重写规则，并保留您原有的资源。',
  download: { text: appStoreText },
  steps: [
    { kind: 'install', title: '下载 QuantumultX', text: ['用海外 Apple ID 在 App Store 搜索并下载 Quantumult X。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('QuantumultX'), '一键导入需要在 iPhone 或 iPad 上打开本页；在弹窗中点击「添加」。'],
      screen: {
        device: 'phone',
        app: 'Quantumult X',
        label: 'QuantumultX 导入确认：点击添加',
        rows: ['节点资源：云梯加速', '分流资源 ×4', '重写资源 ×1'],
        mark: { at: 'action', text: '添加' },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [
        '点击「复制订阅链接」，打开右下角风车 →「节点资源」→「添加」，资源路径粘贴订阅链接，标签填「云梯加速」并保存。',
      ],
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['打开首页右上角的开关，首次使用时允许添加 VPN 配置；长按节点卡片选择节点。'],
      screen: {
        device: 'phone',
        app: 'Quantumult X',
        label: 'QuantumultX 首页：打开右上角开关',
        rows: ['规则分流', '云梯加速'],
        mark: { at: 'switch', index: 0 },
      },
    },
    {
      kind: 'rules',
      title: '规则与测速地址（可选）',
      text: ['运行模式选择「规则分流」。', `在「其他设置」→「服务器延迟测试」中把地址改为 ${SPEED_TEST_URL}。`],
    },
    issuesStep(),
  ],
});
