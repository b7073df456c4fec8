import type { ChannelReward } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/channel/reward_list: the rebates invitees' purchases earned, newest first. */
export function rewardList() {
  return call<ChannelReward[]>('channel/reward_list', {});
}
