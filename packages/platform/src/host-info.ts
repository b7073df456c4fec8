import type { HostInfo } from '@portal/contracts';
import { call } from './api-client.js';

/** POST /api/host/get (public): the preferred domain, the announcement settings and whether sign-up is invite-only. */
export function getHostInfo() {
  return call<HostInfo>('host/get', {});
}
