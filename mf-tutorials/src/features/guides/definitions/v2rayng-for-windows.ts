import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { issuesStep, manualText } from './common';

export default defineGuide({
  page: 'v2rayng_for_windows',
  client: 'v2ray',
  name: 'v2rayN',
  platform: 'windows',
  intro: `v2rayN 是 Windows 上的 v2ray 客户端，请使用 ${clientVersions.v2rayNMin} 或更高版本；此订阅链接也适用于其他 v2ray 通用客户端。`,
  versions: [{ label: 'v2rayN', version: `≥ ${clientVersions.v2rayNMin}` }],
  requirement: `v2rayN ${clientVersions.v2rayNMin} 以下的版本无法使用本站订阅，请先升级。`,
  download: {
    text: '在 v2rayN 的发布页下载带内核的 Windows 压缩包（v2rayN-windows-64-SelfContained.zip），解压后运行 v2rayN.exe。',
    href: 'https://github.com/2dust/v2rayN/releases',
    label: 'v2rayN 发布页',
  },
  steps: [
    {
      kind: 'install',
      title: '下载并解压 v2rayN',
      text: ['解压到一个固定的文件夹（不要放在压缩包里直接运行），运行 v2rayN.exe。'],
    },
    {
      kind: 'manual',
      title: '添加订阅（v2rayN 不支持一键导入）',
      text: [
        manualText('「订阅分组」→「订阅分组设置」→「添加」的「可选地址（url）」'),
        '保存后点击「订阅分组」→「更新全部订阅（不通过代理）」。',
      ],
      screen: {
        device: 'desktop',
        app: 'v2rayN',
        label: 'v2rayN 订阅分组设置：粘贴订阅地址后确定',
        nav: ['服务器', '订阅分组', '设置'],
        rows: ['备注：云梯加速', '可选地址（url）'],
        mark: { at: 'action', text: '确定' },
      },
    },
    {
      kind: 'enable',
      title: '开启代理',
      text: ['在窗口底部把「系统代理」设为「自动配置系统代理」；在服务器列表中选择节点后按回车设为活动服务器。'],
      screen: {
        device: 'desktop',
        app: 'v2rayN',
        label: 'v2rayN 底部状态栏：选择自动配置系统代理',
        nav: ['服务器', '订阅分组', '设置'],
        rows: ['香港 01', '日本 01', '自动配置系统代理'],
        mark: { at: 'row', index: 2 },
      },
    },
    {
      kind: 'rules',
      title: '路由规则与自动更新（可选）',
      text: ['窗口底部「路由」选择「绕过大陆」。在订阅分组设置中打开自动更新。'],
    },
    issuesStep(),
  ],
});
