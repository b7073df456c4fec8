import { clientVersions } from '@portal/contracts';
import { defineGuide } from '../lib/guide';
import { issuesStep, manualText, oneTapText } from './common';

const nav = ['概览', '订阅', '设置'];

export default defineGuide({
  page: 'singbox_for_win',
  client: 'singbox',
  name: 'SingBox',
  platform: 'windows',
  intro: 'SingBox 图形客户端：下载压缩包，在设置中安装内核，导入订阅，启动内核并开启系统代理。',
  versions: [{ label: 'SingBox', version: clientVersions.singbox }],
  download: { text: `下载 SingBox ${clientVersions.singbox} 的 Windows 压缩包（zip），解压到固定文件夹后运行。` },
  steps: [
    {
      kind: 'install',
      title: '下载压缩包并安装内核',
      text: ['解压并运行 SingBox，打开「设置」→「内核」，点击「安装内核」，等待安装完成。'],
      screen: {
        device: 'desktop',
        app: 'SingBox',
        label: 'SingBox 设置页：点击安装内核',
        nav,
        rows: ['内核：未安装'],
        mark: { at: 'action', text: '安装内核' },
      },
    },
    {
      kind: 'oneTap',
      title: '一键导入订阅',
      text: [oneTapText('SingBox')],
    },
    {
      kind: 'manual',
      title: '手动导入订阅',
      text: [manualText('「订阅」页的「添加订阅」'), '名称可填「云梯加速」，保存后点击更新。'],
      screen: {
        device: 'desktop',
        app: 'SingBox',
        label: 'SingBox 订阅页：粘贴链接后添加订阅',
        nav,
        rows: ['名称：云梯加速', '订阅链接'],
        mark: { at: 'action', text: '添加订阅' },
      },
    },
    {
      kind: 'enable',
      title: '启动内核并开启系统代理',
      text: ['在「概览」页点击「启动内核」，打开「系统代理」，然后在节点列表中选择节点。'],
      screen: {
        device: 'desktop',
        app: 'SingBox',
        label: 'SingBox 概览页：启动内核并打开系统代理',
        nav,
        rows: ['内核：运行中', '系统代理'],
        mark: { at: 'switch', index: 1 },
      },
    },
    { kind: 'rules', title: '自动更新（可选）', text: ['在订阅的设置中打开自动更新，节点变化时无需手动更新。'] },
    issuesStep(),
  ],
});
