import { SPEED_TEST_URL, clientVersions } from '@portal/contracts';
import type { GuideStep } from '../lib/guide';

/** Steps and sentences that several client guides share. */
export const issuesStep = (extra: readonly string[] = []): GuideStep => ({
  kind: 'issues',
  title: '其他问题',
  text: [...extra, '节点全部超时：先更新订阅；仍然超时请按常见问题页逐项检查（测速地址、DNS 控制、海外订阅）。'],
});

export const speedTestAdvice = `建议把客户端的测速地址改为 ${SPEED_TEST_URL}（纯 http 的 generate_204 连通性检测，不要使用 https 地址），延迟更准确。`;

export const oneTapText = (app: string): string =>
  `登录后点击下方「一键导入」，浏览器会打开 ${app} 并自动添加订阅；若没有反应，请改用下一步的手动导入。`;

export const manualText = (where: string): string => `点击「复制订阅链接」，在 ${where} 中粘贴订阅链接并保存。`;

export const appStoreText =
  '在 App Store 中下载。中国大陆区 App Store 没有此类应用，请使用海外 Apple ID 登录 App Store（可参考海外 Apple ID 注册教程，或使用本站的共享 Apple ID）。';

export const androidRequirement = `需要 Android ${clientVersions.androidMin} 或更高版本。`;
