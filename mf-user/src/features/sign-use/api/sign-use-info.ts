import { useEffect, useState } from 'react';
import { Codes, DEFAULT_CONTINUE_SIGN_USE_DAY, DEFAULT_SIGN_USE_REWARD_MB, type SignUseInfo } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/user/sign_use_info: the reward and the streak target. */
export function signUseInfo() {
  return call<SignUseInfo>('user/sign_use_info', {});
}

/** The spec's defaults, shown to visitors and free users and whenever the call fails. */
export const defaultSignUseInfo: SignUseInfo = {
  continueSignUseDay: DEFAULT_CONTINUE_SIGN_USE_DAY,
  signUseRewardTraffic: DEFAULT_SIGN_USE_REWARD_MB,
  continueSignReward: 0,
};

/** Reads the sign-in settings for a paid user; others see the defaults without a call. */
export function useSignUseInfo(userId: string | undefined, paidUser: boolean): SignUseInfo {
  const [loaded, setLoaded] = useState<{ userId: string; info: SignUseInfo } | null>(null);
  useEffect(() => {
    if (!userId || !paidUser) return;
    let cancelled = false;
    void signUseInfo().then((result) => {
      if (cancelled || result.code !== Codes.OK || !result.data) return;
      setLoaded({ userId, info: { ...defaultSignUseInfo, ...result.data } });
    });
    return () => {
      cancelled = true;
    };
  }, [userId, paidUser]);
  return loaded && loaded.userId === userId ? loaded.info : defaultSignUseInfo;
}
