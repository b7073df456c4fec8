import { describe, expect, it } from 'vitest';
import { auditChanges, auditRequest, changeLines } from './audit-view';

describe('what an audited write changed', () => {
  it('lists the fields whose value differs, by name', () => {
    const entry = { before: { name: '东京', port: 443, desc: '' }, after: { name: '大阪', port: 443, desc: 'x' } };
    expect(auditChanges(entry).map((c) => c.field)).toEqual(['desc', 'name']);
    expect(changeLines(entry)).toEqual(['desc:  → x', 'name: 东京 → 大阪']);
  });

  it('lists every field of a created or a deleted record', () => {
    expect(changeLines({ before: null, after: { name: 'a', ipList: ['1.1.1.1'] } })).toEqual([
      'ipList: — → ["1.1.1.1"]',
      'name: — → a',
    ]);
    expect(changeLines({ before: { name: 'a' }, after: null })).toEqual(['name: a → —']);
  });
});

describe('the audit list request', () => {
  it('asks for the operator and record type as given, trimmed', () => {
    expect(auditRequest({ operator: ' ops@example.com ', recordType: 'agent' })).toMatchObject({
      operator: 'ops@example.com',
      recordType: 'agent',
    });
    expect(auditRequest({ operator: '', recordType: '' })).toEqual({ limit: 500 });
  });

  it('covers whole local days from the first to the end of the last', () => {
    const request = auditRequest({ from: '2026-11-01', to: '2026-11-02' });
    expect(request.fromTimestamp).toBe(new Date(2026, 10, 1).getTime());
    expect(request.toTimestamp).toBe(new Date(2026, 10, 3).getTime() - 1);
    expect(auditRequest({ from: 'yesterday' }).fromTimestamp).toBeUndefined();
  });
});
