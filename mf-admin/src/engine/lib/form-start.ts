import type { FormDef } from '../types';

export type FormMode = 'create' | 'edit' | 'copy';

/**
 * What the edit dialog starts from: a new record's defaults, the record, or (copy) the record
 * without its `_id`, so saving creates a new one, and without its secrets, which belong to the
 * original only.
 */
export function formStart<R, F, L>(
  def: FormDef<R, F, L>,
  mode: FormMode,
  record: R | undefined,
  lookups: L,
  filters: Record<string, string> = {},
): F {
  if (mode === 'create' || record === undefined) return def.defaults(lookups, filters);
  const values = def.toForm(record, lookups);
  if (mode === 'edit') return values;
  const copy: Record<string, unknown> = { ...values, _id: '' };
  for (const field of def.fields) if (field.kind === 'secret') copy[field.name] = '';
  return copy as F;
}

/** The update call's payload: `fromForm`'s, without an empty `_id` (no `_id` creates). */
export function savePayload<R, F, L>(def: FormDef<R, F, L>, values: F, lookups: L): Record<string, unknown> {
  const payload = { ...(def.fromForm ? def.fromForm(values, lookups) : (values as object)) } as Record<string, unknown>;
  if (!payload._id) delete payload._id;
  return payload;
}
