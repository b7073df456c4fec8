import { defineGuide } from '../lib/guide';
import { appStoreText, issuesStep, oneTapText } from './common';

const nav = ['Dashboard', 'Groups', 'Profiles', 'Settings'];

export default defineGuide({
  page: 'singbox_for_mac',
  client: 'singbox',
  name: 'SingBox',
  platform: 'macos',
  intro: 'sing-box 的 macOS 版（SFM），在 App Store 中免费下载。',
  download: { text: appStoreText.replace('App Store 中下载', 'Mac 的 App Store 中下载') },
  steps: [
    { kind: 'install', title: '在 App Store 下载 sing-box', text: ['在 Mac 的 App Store 搜索「sing-box」并安装。'] },
    { kind: 'oneTap', title: '一键导入订阅', text: [oneTapText('sing-box')] },
    {
      kind: 'manual',
      title: '在 Profiles 中添加远程订阅',
      text: [
        '点击「复制订阅链接」，在「Profiles」点击「New Profile」：Name 填「云梯加速」，Type 选「Remote」，URL 粘贴订阅链接，打开「Auto Update」后点击「Create」。',
      ],
      screen: {
        device: 'desktop',
        app: 'sing-box',
        label: 'sing-box Mac 版 Profiles：新建 Remote 配置',
        nav,
        rows: ['Name：云梯加速', 'Type：Remote', 'URL：订阅链接'],
        mark: { at: 'action', text: 'Create' },
      },
    },
    {
      kind: 'enable',
      title: '通过 Dashboard 和 Groups 开启代理',
      text: ['在「Dashboard」中点击「Enable」启动；在「Groups」中选择节点，点击闪电图标可以测速。'],
      screen: {
        device: 'desktop',
        app: 'sing-box',
        label: 'sing-box Mac 版 Groups：点击闪电图标测速并选择节点',
        nav,
        rows: ['⚡ 测速', '香港 01', '日本 01'],
        mark: { at: 'row', index: 0 },
      },
    },
    { kind: 'rules', title: '自动更新（可选）', text: ['保持配置的「Auto Update」打开。'] },
    issuesStep(),
  ],
});
