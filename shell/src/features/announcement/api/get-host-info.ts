import type { HostInfo } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/host/get (public): the preferred domain and the announcement settings. */
export function getHostInfo() {
  return call<HostInfo>('host/get', {});
}
