import type { AuditEntry, AuditListRequest } from '@portal/contracts';
import { dayRange } from '../../../engine/lib/day-range';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields an audited write changed (every field of a created or deleted record), by name. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return fields
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** One line per change: `name: 东京 → 大阪`. */
export function changeLines(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  return auditChanges(entry).map(({ field, before, after }) => `${field}: ${shown(before)} → ${shown(after)}`);
}

/** How many entries one request asks for. */
export const AUDIT_LIMIT = 500;

/**
 * The list call's filters from the screen's: the operator and record type as typed, and the
 * days from the start of `from` to the end of `to` in the browser's time zone (ms timestamps).
 */
export function auditRequest(filters: Record<string, string>): AuditListRequest {
  const request: AuditListRequest = { limit: AUDIT_LIMIT };
  const operator = filters.operator?.trim();
  if (operator) request.operator = operator;
  if (filters.recordType) request.recordType = filters.recordType;
  return { ...request, ...dayRange(filters.from, filters.to) };
}
