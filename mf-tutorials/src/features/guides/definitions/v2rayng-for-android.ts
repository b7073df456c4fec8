import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { androidRequirement, issuesStep, oneTapText } from './common';

export default defineGuide({
  page: 'v2rayng_for_android',
  client: 'v2rayng',
  name: 'v2rayNG',
  platform: 'android',
  intro: 'v2rayNG 是安卓上的 v2ray 客户端。',
  versions: [{ label: 'v2rayNG', version: clientVersions.v2rayng }],
  requirement: androidRequirement,
  download: {
    text: `下载 v2rayNG ${clientVersions.v2rayng} 或更新版本的 apk（arm64-v8a）。`,
    href: 'https://github.com/2dust/v2rayNG/releases',
    label: 'v2rayNG 发布页',
  },
  steps: [
    { kind: 'install', title: '下载并安装 v2rayNG', text: ['安装 apk 后打开 v2rayNG。'] },
    { kind: 'oneTap', title: '一键导入订阅', text: [oneTapText('v2rayNG')] },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [
        '点击「复制订阅链接」，打开左侧菜单「订阅分组设置」→ 右上角「+」，备注填「云梯加速」，地址粘贴订阅链接并保存。',
        '回到首页，右上角菜单 →「更新订阅」。',
      ],
      screen: {
        device: 'phone',
        app: '订阅分组设置',
        label: 'v2rayNG 订阅分组设置：填写备注和地址后保存',
        rows: ['备注：云梯加速', '可选地址（url）', '启用更新'],
        mark: { at: 'action', text: '保存' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['选择一个节点，点击右下角的「V」按钮启动，首次使用时允许建立 VPN 连接。'],
      screen: {
        device: 'phone',
        app: 'v2rayNG',
        label: 'v2rayNG 首页：选择节点后点击右下角启动按钮',
        rows: ['香港 01', '日本 01', '美国 01'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'rules',
      title: '路由与自动更新（可选）',
      text: ['「设置」→「路由设置」选择「绕过局域网及大陆地址」；订阅分组中打开「启用更新」。'],
    },
    issuesStep(),
  ],
});
