import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { issuesStep, manualText, oneTapText, speedTestAdvice } from './common';

const nav = ['仪表盘', '代理', '配置', '设置'];

export default defineGuide({
  page: 'flclash_for_pc',
  client: 'flclash',
  name: 'FLClash',
  platform: 'windows',
  intro: 'FLClash 是 Windows 上推荐的客户端，支持直连节点；macOS 版的用法相同。',
  versions: [{ label: 'FLClash', version: clientVersions.flclash }],
  download: {
    text: '在 FLClash 的发布页下载 Windows 安装包（setup.exe）或 macOS 的 dmg。',
    href: 'https://github.com/chen08209/FlClash/releases',
    label: 'FLClash 发布页',
  },
  steps: [
    { kind: 'install', title: '下载并安装 FLClash', text: ['运行安装包，按提示完成安装后打开 FLClash。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('FLClash')],
      screen: {
        device: 'desktop',
        app: 'FLClash',
        label: 'FLClash 配置页：导入后出现本站订阅',
        nav,
        rows: ['云梯加速（订阅）'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [manualText('FLClash「配置」页右下角的「+」→「URL」'), '导入后点击该配置使其处于选中状态。'],
      screen: {
        device: 'desktop',
        app: 'FLClash',
        label: 'FLClash 配置页：点击添加按钮并选择 URL',
        nav,
        rows: ['云梯加速（订阅）'],
        mark: { at: 'action', text: '+ URL' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['在「仪表盘」打开「系统代理」开关并点击启动；在「代理」页选择节点。'],
      screen: {
        device: 'desktop',
        app: 'FLClash',
        label: 'FLClash 仪表盘：打开系统代理开关',
        nav,
        rows: ['系统代理', '虚拟网卡（TUN）'],
        mark: { at: 'switch', index: 0 },
      },
    },
    {
      kind: 'rules',
      title: '规则模式与测速地址（可选）',
      text: ['在「代理」页上方选择「规则」模式：国内网站直连，其余走代理。', speedTestAdvice],
    },
    issuesStep(),
  ],
});
