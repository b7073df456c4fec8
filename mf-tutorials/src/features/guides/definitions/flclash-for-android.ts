import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { androidRequirement, issuesStep, manualText, oneTapText, speedTestAdvice } from './common';

const nav = ['仪表盘', '代理', '配置', '工具'];

export default defineGuide({
  page: 'flclash_for_android',
  client: 'flclash',
  name: 'FLClash',
  platform: 'android',
  intro: 'FLClash 安卓版，支持直连节点。',
  versions: [{ label: 'FLClash（APK）', version: clientVersions.flclashAndroidApk }],
  requirement: androidRequirement,
  download: {
    text: `下载 FLClash ${clientVersions.flclashAndroidApk} 的安卓安装包（arm64-v8a.apk，大多数手机适用）。`,
    href: 'https://github.com/chen08209/FlClash/releases',
    label: 'FLClash 发布页',
  },
  steps: [
    { kind: 'install', title: '下载并安装 FLClash', text: ['安装 apk；如手机提示「未知来源」，请允许本次安装。'] },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('FLClash')],
      screen: {
        device: 'phone',
        app: 'FLClash',
        label: 'FLClash 安卓版配置页：导入后出现本站订阅',
        nav,
        rows: ['云梯加速（订阅）'],
        mark: { at: 'row', index: 0 },
      },
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [manualText('「配置」页右上角的「+」→「URL」')],
      screen: {
        device: 'phone',
        app: 'FLClash',
        label: 'FLClash 安卓版配置页：点击右上角加号',
        nav,
        rows: ['云梯加速（订阅）'],
        mark: { at: 'action', text: '+ URL' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['回到「仪表盘」点击右下角的启动按钮，首次使用时允许建立 VPN 连接；在「代理」页选择节点。'],
      screen: {
        device: 'phone',
        app: 'FLClash',
        label: 'FLClash 安卓版仪表盘：点击启动',
        nav,
        rows: ['网络速度', '出站模式：规则'],
        mark: { at: 'action', text: '启动' },
      },
    },
    { kind: 'rules', title: '规则模式与测速地址（可选）', text: ['出站模式选择「规则」。', speedTestAdvice] },
    issuesStep(),
  ],
});
