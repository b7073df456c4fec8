import type { AdminEntry, EntryUpdate } from '@portal/contracts';
import { call } from '@portal/platform';

/** POST /api/admin/entrys/update: creates (no `_id`) or changes an entry. */
export function updateEntry(entry: EntryUpdate) {
  return call<AdminEntry>('admin/entrys/update', entry);
}
