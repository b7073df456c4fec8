/**
 * The user's invite rebate (spec-2 §2 "invite rebate", §3 "channel info", "reward record",
 * "invited user", §7 /api/channel/channel_info, reward_list, invited_users; no payloads). Money on
 * the wire is yuan (at most two decimals), times ISO strings.
 */

/** /api/channel/channel_info. */
export interface ChannelInfo {
  /** The user's invite code ('' while they have none: openChannel is off). */
  code: string;
  /** The rebate rate of a purchase (0.1 = 10 %). */
  rewardRate: number;
  /** Yuan: the minimum withdrawal of the wallet the rebates go to. */
  min_charge_money: number;
  /** Days after an invitee's sign-up during which their purchases earn the rebate. */
  consumerDuration: number;
  /** Whether rebates are paid at all (setting openChannel). */
  open: boolean;
  /** The portal's address; the invite link is `${inviteBase}/?c=${code}`. */
  inviteBase: string;
  /** How many users signed up with the code. */
  invitedCount: number;
}

/** One line of /api/channel/reward_list (newest first): a purchase of an invitee that earned a rebate. */
export interface ChannelReward {
  _id: string;
  /** The invitee's e-mail, masked (ab***@example.com). */
  comsumer_name: string;
  /** What they bought. */
  desc: string;
  /** Yuan they paid (after the coupon). */
  userSpend: number;
  /** Yuan credited to the inviter's wallet. */
  reward: number;
  buyTime: string;
  /** Yuan in the inviter's wallet after the credit. */
  left: number;
}

/** One line of /api/channel/invited_users (newest first): when an invitee signed up. */
export interface InvitedUser {
  createTime: string;
}
