import { CLASH_AUTO_UPDATE_MINUTES, clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { issuesStep, manualText, oneTapText, speedTestAdvice } from './common';

const nav = ['General', 'Proxies', 'Profiles', 'Settings'];

export default defineGuide({
  page: 'clash_for_windows',
  client: 'clash',
  name: 'Clash',
  platform: 'windows',
  intro: 'Clash for Windows 使用规则分流，国内网站直连。',
  versions: [{ label: 'Clash for Windows', version: clientVersions.clashWindows }],
  download: { text: `下载 Clash for Windows ${clientVersions.clashWindows} 的 Windows 安装包（Setup.exe）。` },
  steps: [
    {
      kind: 'install',
      title: '下载并安装 Clash',
      text: ['运行安装包；首次运行时如果 Windows 防火墙询问，请允许访问网络。'],
    },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('Clash'), '在弹出的窗口中点击「确定」下载配置。'],
      screen: {
        device: 'desktop',
        app: 'Clash for Windows',
        label: 'Clash for Windows 的 Profiles 页：导入后出现本站配置',
        nav,
        rows: ['云梯加速'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [manualText('「Profiles」页顶部的输入框'), '点击「Download」，然后点击下载好的配置使其选中。'],
      screen: {
        device: 'desktop',
        app: 'Clash for Windows',
        label: 'Clash for Windows 的 Profiles 页：粘贴链接后点击 Download',
        nav,
        rows: ['粘贴订阅链接'],
        mark: { at: 'action', text: 'Download' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['在「General」页打开「System Proxy」；在「Proxies」页选择节点。'],
      screen: {
        device: 'desktop',
        app: 'Clash for Windows',
        label: 'Clash for Windows 的 General 页：打开 System Proxy',
        nav,
        rows: ['Allow LAN', 'System Proxy'],
        mark: { at: 'switch', index: 1 },
      },
    },
    {
      kind: 'rules',
      title: '规则模式与自动更新（可选）',
      text: [
        '在「Proxies」页选择「Rule」模式。',
        `在「Profiles」页右键配置 →「Settings」，把更新间隔设为 ${CLASH_AUTO_UPDATE_MINUTES} 分钟（每天自动更新一次）。`,
        speedTestAdvice,
      ],
    },
    issuesStep(),
  ],
});
