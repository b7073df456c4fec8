import type { SetConfigRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/config/set_config: the whole settings object; a masked secret keeps its stored value. */
export function setConfig(values: SetConfigRequest) {
  return call<unknown>('admin/config/set_config', values);
}
