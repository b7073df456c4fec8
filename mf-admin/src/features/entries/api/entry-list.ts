import type { AdminEntry } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/entrys/list: every entry (the relay addresses lines go through). */
export function entryList() {
  return call<AdminEntry[]>('admin/entrys/list');
}
