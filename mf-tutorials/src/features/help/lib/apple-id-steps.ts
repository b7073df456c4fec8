import type { ScreenSpec } from '../../../components/client-screen';

/** The static five-step overseas Apple ID guide of spec-1. */
export interface AppleIdStep {
  title: string;
  text: readonly string[];
  screen?: ScreenSpec;
}

export const appleIdIntro: readonly string[] = [
  '中国大陆区的 App Store 中没有加速类应用（VPN 应用已下架），需要使用海外（例如美国）Apple ID 下载。',
  '建议下载免费应用（如 sing-box、Streisand、V2Box）；购买付费应用（如 Shadowrocket、QuantumultX）需要绑定美国的虚拟信用卡等海外付款方式。',
];

export const appleIdSteps: readonly AppleIdStep[] = [
  {
    title: '打开 Apple ID 注册页',
    text: ['在浏览器打开 Apple 官网的 Apple ID 注册页（appleid.apple.com），点击「创建您的 Apple ID」。'],
    screen: {
      device: 'phone',
      app: 'Apple ID',
      label: 'Apple ID 网站：点击创建您的 Apple ID',
      rows: ['登录', '创建您的 Apple ID'],
      mark: { at: 'row', index: 1 },
    },
  },
  {
    title: '选择国家或地区',
    text: ['「国家或地区」选择美国（United States）等海外地区，填写姓名和出生日期。'],
    screen: {
      device: 'phone',
      app: '创建 Apple ID',
      label: '注册表单：国家或地区选择美国',
      rows: ['姓名', '国家或地区：美国', '出生日期'],
      mark: { at: 'row', index: 1 },
    },
  },
  {
    title: '填写邮箱和密码',
    text: ['使用一个没有注册过 Apple ID 的邮箱，设置密码，填写可以接收短信的手机号（中国大陆手机号可用）。'],
  },
  {
    title: '验证邮箱和手机号',
    text: ['输入邮箱和手机收到的验证码，完成注册。'],
  },
  {
    title: '在 App Store 中登录',
    text: [
      '打开 App Store，点击右上角头像，退出原来的账号，用新注册的 Apple ID 登录（只在 App Store 中切换，不要在系统设置的 iCloud 中登录）。',
      '登录时如提示补全信息，付款方式选择「无」即可下载免费应用。',
    ],
    screen: {
      device: 'phone',
      app: 'App Store',
      label: 'App Store 账户页：退出后用新的 Apple ID 登录',
      rows: ['账户', '退出登录'],
      mark: { at: 'row', index: 1 },
    },
  },
];
