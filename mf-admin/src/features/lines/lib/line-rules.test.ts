import { describe, expect, it } from 'vitest';
import { Value } from '@sinclair/typebox/value';
import type { AdminLine } from '@portal/contracts';
import { LineUpdate } from '@portal/contracts/schemas';
import { bridgeForAgent, fixNameRefusal, lineFromForm, lineToForm, newLine, usesEntry } from './line-rules';

const h2Node = { _id: '665f1c2ab7e4d90012a3c0a1', type: 'h2' as const };
const v2rayNode = { _id: '665f1c2ab7e4d90012a3c0a2', type: 'v2ray' as const };

describe('line bridge rules (spec-2 §4)', () => {
  it('an h2 node makes the line h2 without a bridge', () => {
    expect(bridgeForAgent(h2Node)).toEqual({ protocol: 'h2', bridge: 'none' });
  });

  it('any other node makes the line bridged through an entry (report)', () => {
    expect(bridgeForAgent(v2rayNode)).toEqual({ bridge: 'report' });
    expect(bridgeForAgent({ ...v2rayNode, type: 'reality' })).toEqual({ bridge: 'report' });
  });

  it('shows the entry choice only for report', () => {
    expect(usesEntry('report')).toBe(true);
    expect(usesEntry('none')).toBe(false);
    expect(usesEntry('cf_cdn')).toBe(false);
  });

  it('sends no entry for a line that is not bridged', () => {
    const line = { ...newLine([v2rayNode]), entryID: '665f1c2ab7e4d90012a3c0e1' };
    expect(lineFromForm(line).entryID).toBe('665f1c2ab7e4d90012a3c0e1');
    expect(lineFromForm({ ...line, bridge: 'cf_cdn' }).entryID).toBe('');
  });
});

describe('fixed names (spec-2 §5)', () => {
  it('refuse more than one copy of a line with a fixed name', () => {
    expect(fixNameRefusal({ fixName: true, num: 2 })).toBe('固定名字，就不要配置多个，否则会出现重名');
  });

  it('allow one copy, or many without a fixed name', () => {
    expect(fixNameRefusal({ fixName: true, num: 1 })).toBeUndefined();
    expect(fixNameRefusal({ fixName: false, num: 5 })).toBeUndefined();
  });
});

describe('a new line', () => {
  it('has num 1, scale 1, public, and the first node’s bridge rule', () => {
    expect(newLine([h2Node, v2rayNode])).toMatchObject({
      num: 1,
      scale: 1,
      public: true,
      agentID: h2Node._id,
      protocol: 'h2',
      bridge: 'none',
    });
    expect(newLine([v2rayNode])).toMatchObject({ agentID: v2rayNode._id, bridge: 'report' });
  });

  it('passes the update schema once it has a name', () => {
    const { _id: _ignored, ...line } = { ...newLine([v2rayNode]), name: '东京 01' };
    expect([...Value.Errors(LineUpdate, line)]).toEqual([]);
  });
});

describe('a line in the form', () => {
  it('keeps what an update takes and leaves out the traffic heat', () => {
    // The stored line has more fields than a new one (heat, protocol details); two are enough here.
    const stored = { ...newLine([v2rayNode]), _id: '665f1c2ab7e4d90012a3c0c1', hot: 1024, wsPath: '/ws' } as AdminLine;
    const form = lineToForm(stored);
    expect(form).not.toHaveProperty('hot');
    expect(form.wsPath).toBe('/ws');
  });
});
