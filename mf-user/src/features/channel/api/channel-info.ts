import type { ChannelInfo } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/channel/channel_info: the user's code (made on the first visit), rules, invite base and invited count. */
export function channelInfo() {
  return call<ChannelInfo>('channel/channel_info', {});
}
