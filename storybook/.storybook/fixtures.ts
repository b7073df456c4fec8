import { GiB, PRODUCT_NAME, type PortalConfig, type UserInfo } from '@portal/contracts';
import { usePortal } from '@portal/platform';

/** Data every workspace's stories start from: one demo user and one run-time config. */
export function demoUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    _id: '665f1c2ab7e4d90012a3c001',
    email: 'demo@example.com',
    icon: '',
    type: 'normal',
    userkey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    traffic: 100 * GiB,
    spendTraffic: 12.5 * GiB,
    vipExpireTime: null,
    dailyTimePackageUsage: 0,
    limit: 50 * GiB,
    paidUser: true,
    preferDomain: '',
    describe_host: '',
    content_host: '',
    channel_code: 'WJKCNOCODE',
    is_agency_user: false,
    inXinjiang: false,
    in_foreign: false,
    use_english_node: false,
    haveContinueSignUseData: 6,
    signUseToday: false,
    signUseRewardInfo: { continueSignReward: 1024 },
    ...overrides,
  };
}

export const storyPortalConfig: PortalConfig = {
  remotes: { mf_user: '', mf_shop: '', mf_tutorials: '', mf_admin: '' },
  agencyHost: '',
  describeHost: 'https://sub.example.com',
  productName: PRODUCT_NAME,
};

/** Portal mode of a story (every story sets it: the store outlives one story). */
export function setStoryPortal({ agency = false }: { agency?: boolean } = {}): void {
  usePortal.setState({ config: storyPortalConfig, isAgency: agency });
}
