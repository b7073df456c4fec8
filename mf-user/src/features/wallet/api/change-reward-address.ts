import type { ChangeRewardAddressRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/wallet/change_reward_adress: saves the withdrawal account (the BFF checks the format too). */
export function changeRewardAddress(request: ChangeRewardAddressRequest) {
  return call<unknown>('wallet/change_reward_adress', request);
}
