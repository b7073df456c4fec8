import { Codes, type AuditEntry } from '@portal/contracts';
import { Value } from '@sinclair/typebox/value';
import type { Db } from '../../db/client.js';
import type { AuditRow } from '../../db/schema.js';
import { DomainError } from '../../lib/domain-error.js';
import { newObjectId } from '../../lib/random.js';
import { maskProperties } from '../../lib/secrets.js';
import type { AuditFilter, AuditRepository } from './repository.js';

/** Who made an admin or operations change. */
export interface Operator {
  id: string;
  email: string;
}

type Fields = Record<string, unknown>;

/**
 * Field names whose values never appear in the audit log in clear, at any depth: node secrets,
 * SSH passwords, protocol private keys, epay keys, password hashes, subscription keys.
 */
export const AUDIT_SECRET_FIELDS: ReadonlySet<string> = new Set([
  'sshPassword',
  'ssh_password',
  'realityPrivateKey',
  'ssServerKey',
  'secretHash',
  'secret',
  'key',
  'passwordHash',
  'pendingPasswordHash',
  'password',
  'userkey',
  'sandbox_pay_key',
  // The proxy credentials stored beside the key (node-api, migration 0011).
  'credUuid',
  'credSsPassword',
  'credSsKey16',
  'credSsKey32',
]);

/**
 * One kind of record an admin screen edits, as the audited writes need it. `snapshot` reads the
 * stored record (locking its row for the transaction) as the log shows it; secrets are masked by
 * the log itself.
 */
export interface AuditedRecords<Input, Saved extends { id: string }> {
  /** agent, entry, line, permission, combo… */
  recordType: string;
  /** The refusal when an update or delete names no such record. */
  missing: string;
  snapshot(id: string): Promise<object | undefined>;
  /** Creates the record (no `_id`, or '') or changes it; refusals are DomainErrors. */
  save(input: Input): Promise<Saved>;
  remove(id: string): Promise<void>;
  /** After the transaction committed (drops caches the write made stale). */
  committed?: () => void;
}

/** What deletes and actions need of a kind of record. */
export type RecordsRef = Pick<
  AuditedRecords<never, { id: string }>,
  'recordType' | 'missing' | 'snapshot' | 'remove' | 'committed'
>;

export interface AuditDraft {
  recordType: string;
  recordId: string;
  action: AuditEntry['action'];
  detail?: string;
  before?: object | undefined;
  after?: object | undefined;
}

/** JSON-ready copy (dates as ISO strings), so that what is compared is what is stored. */
const plain = (value: object | undefined): Fields | null =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Fields);

/** For changes: only the fields that differ, on both sides. */
function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } {
  const out = { before: {} as Fields, after: {} as Fields };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (Value.Equal(before[key], after[key])) continue;
    out.before[key] = before[key];
    out.after[key] = after[key];
  }
  return out;
}

const masked = (fields: Fields | null) =>
  fields === null ? null : (maskProperties(fields, AUDIT_SECRET_FIELDS) as Fields);

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    createTime: row.createdAt.toISOString(),
    operatorId: row.operatorId,
    operatorEmail: row.operatorEmail,
    recordType: row.recordType,
    recordId: row.recordId,
    action: row.action,
    detail: row.detail,
    before: row.before,
    after: row.after,
  };
}

/**
 * The audit log: every admin and operations write runs inside `within`, which opens one
 * transaction for the write and its log rows (the shared `db` handle joins it), so a write is never
 * without its row and a row never without its write.
 */
export function createAuditService({ db, repo }: { db: Db; repo: AuditRepository }) {
  async function within<T>(
    operator: Operator,
    work: (log: (draft: AuditDraft) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async () =>
      work(async (draft) => {
        let before = plain(draft.before);
        let after = plain(draft.after);
        if (before !== null && after !== null) ({ before, after } = changedFields(before, after));
        await repo.insert({
          id: newObjectId(),
          operatorId: operator.id,
          operatorEmail: operator.email,
          recordType: draft.recordType,
          recordId: draft.recordId,
          action: draft.action,
          detail: draft.detail ?? '',
          before: masked(before),
          after: masked(after),
        });
      }),
    );
  }

  async function existing(records: Pick<RecordsRef, 'snapshot' | 'missing'>, id: string): Promise<object> {
    const found = await records.snapshot(id);
    if (found === undefined) throw new DomainError(Codes.NOT_FOUND, records.missing);
    return found;
  }

  return {
    within,

    /** Creates or changes a record (by `_id`) with its log row. */
    async save<Input extends { _id?: string | undefined }, Saved extends { id: string }>(
      operator: Operator,
      records: AuditedRecords<Input, Saved>,
      input: Input,
    ): Promise<Saved> {
      const saved = await within(operator, async (log) => {
        const id = input._id === undefined || input._id === '' ? undefined : input._id;
        const before = id === undefined ? undefined : await existing(records, id);
        const result = await records.save(input);
        const after = await records.snapshot(result.id);
        await log({
          recordType: records.recordType,
          recordId: result.id,
          action: before === undefined ? 'create' : 'update',
          before,
          after,
        });
        return result;
      });
      records.committed?.();
      return saved;
    },

    async remove(operator: Operator, records: RecordsRef, id: string): Promise<void> {
      await within(operator, async (log) => {
        const before = await existing(records, id);
        await records.remove(id);
        await log({ recordType: records.recordType, recordId: id, action: 'delete', before });
      });
      records.committed?.();
    },

    /**
     * Any other write (rotate a secret, reset counters…). With `records`, the record's fields
     * before and after are logged; without, `after` describes what the action did.
     */
    async action<T>(
      operator: Operator,
      spec: {
        recordType: string;
        recordId: string;
        detail: string;
        records?: Pick<RecordsRef, 'snapshot' | 'missing' | 'committed'>;
        after?: (result: T) => object;
        committed?: () => void;
      },
      run: () => Promise<T>,
    ): Promise<T> {
      const { records } = spec;
      const result = await within(operator, async (log) => {
        const before = records === undefined ? undefined : await existing(records, spec.recordId);
        const outcome = await run();
        const after = records === undefined ? spec.after?.(outcome) : await records.snapshot(spec.recordId);
        await log({
          recordType: spec.recordType,
          recordId: spec.recordId,
          action: 'action',
          detail: spec.detail,
          before,
          after,
        });
        return outcome;
      });
      records?.committed?.();
      spec.committed?.();
      return result;
    },

    async list(filter: AuditFilter): Promise<AuditEntry[]> {
      return (await repo.list(filter)).map(toAuditEntry);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
