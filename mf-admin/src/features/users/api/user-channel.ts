import type { ChannelUpdate, UserChannelAnswer } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/users/get_user_channel: the user's channel (null when none) and the defaults. */
export function getUserChannel(userId: string) {
  return call<UserChannelAnswer>('admin/users/get_user_channel', { user_id: userId });
}

/** POST /api/admin/users/update_channel: sets the user's channel, creating it when none. */
export function updateChannel(channel: ChannelUpdate) {
  return call<UserChannelAnswer>('admin/users/update_channel', channel);
}
