import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { issuesStep, oneTapText, speedTestAdvice } from './common';

export default defineGuide({
  page: 'clash_for_macos',
  client: 'clash',
  name: 'ClashX',
  platform: 'macos',
  intro: 'ClashX 是 macOS 菜单栏上的 Clash 客户端。',
  versions: [{ label: 'ClashX', version: clientVersions.clashMac }],
  download: { text: `下载 ClashX ${clientVersions.clashMac} 的 dmg，打开后把 ClashX 拖入「应用程序」。` },
  steps: [
    { kind: 'install', title: '下载 dmg 并安装 ClashX', text: ['首次打开时按提示安装助手程序并输入 Mac 密码。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('ClashX'), '在弹窗中点击「确定」。'],
    },
    {
      kind: 'manual',
      title: '手动导入：托管配置管理',
      text: [
        '点击「复制订阅链接」，点击菜单栏的 ClashX 图标 →「配置」→「托管配置」→「管理」→「添加」，粘贴链接，名称填「云梯加速」，确定后选中该配置。',
      ],
      screen: {
        device: 'desktop',
        app: 'ClashX · 托管配置',
        label: 'ClashX 托管配置管理：点击添加',
        rows: ['云梯加速 · 订阅链接'],
        mark: { at: 'action', text: '添加' },
      },
    },
    {
      kind: 'enable',
      title: '设置为系统代理',
      text: ['点击菜单栏的 ClashX 图标，勾选「设置为系统代理」，在「代理」中选择节点。'],
      screen: {
        device: 'desktop',
        app: 'ClashX',
        label: 'ClashX 菜单：勾选设置为系统代理',
        rows: ['出站模式：规则', '设置为系统代理', '配置'],
        mark: { at: 'switch', index: 1 },
      },
    },
    { kind: 'rules', title: '规则与测速地址（可选）', text: ['出站模式选择「规则」。', speedTestAdvice] },
    issuesStep(),
  ],
});
