import type { AdminConfig, SetConfigRequest } from '@portal/contracts';
import { call } from '@portal/platform';

/**
 * POST /api/admin/config/set_config: the whole settings object; a masked secret keeps its stored
 * value (unless its gateway changed: the answer's `notices` say which key was cleared).
 */
export function setConfig(values: SetConfigRequest) {
  return call<AdminConfig>('admin/config/set_config', values);
}
