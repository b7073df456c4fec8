/** POST /api/user/sign_use_info answer (spec-1 §3). */
export interface SignUseInfo {
  continueSignUseDay: number;
  /** MB. */
  signUseRewardTraffic: number;
  /** MB. */
  continueSignReward: number;
}

/** POST /api/user/sign_use answer. */
export interface SignUseResult {
  /** Bytes added, the streak bonus included. */
  addTraffic: number;
  /** Consecutive days after this sign-in (0 after a streak bonus reset it). */
  haveContinueSignUseData: number;
  extraReward: boolean;
}
