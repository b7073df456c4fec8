import { describe, expect, it } from 'vitest';
import type { ColumnDef, FilterDef } from '../types';
import { clampPage, compareCells, visibleRows } from './table-rows';

interface Row {
  name: string;
  agent: string;
  port: number;
}
const rows: Row[] = [
  { name: '东京 01', agent: 'a', port: 443 },
  { name: '香港 02', agent: 'b', port: 8443 },
  { name: 'Tokyo backup', agent: 'a', port: 10086 },
];
const columns: ColumnDef<Row, object>[] = [
  { id: 'name', header: '名称', value: (row) => row.name },
  { id: 'port', header: '端口', value: (row) => row.port },
];
const filters: FilterDef<Row, object>[] = [
  { key: 'agent', label: '节点', kind: 'select', match: (row, value) => row.agent === value },
  { key: 'num', label: '天数', kind: 'number' },
];

describe('the rows a list shows', () => {
  it('are those the set filters accept; server-side filters are not applied again', () => {
    expect(visibleRows(rows, columns, filters, { agent: 'a', num: '7' }, '', {}).map((r) => r.name)).toEqual([
      '东京 01',
      'Tokyo backup',
    ]);
    expect(visibleRows(rows, columns, filters, { agent: '', num: '7' }, '', {})).toHaveLength(3);
  });

  it('contain the search text in any column, ignoring case', () => {
    expect(visibleRows(rows, columns, filters, {}, 'tokyo', {}).map((r) => r.name)).toEqual(['Tokyo backup']);
    expect(visibleRows(rows, columns, filters, {}, '8443', {}).map((r) => r.name)).toEqual(['香港 02']);
    expect(visibleRows(rows, columns, filters, {}, '  ', {})).toHaveLength(3);
  });
});

describe('sorting cells', () => {
  it('orders numbers by value and text with numbers inside naturally', () => {
    expect([10, 9, 100].sort(compareCells)).toEqual([9, 10, 100]);
    expect(['节点10', '节点9'].sort(compareCells)).toEqual(['节点9', '节点10']);
    expect([false, true].sort(compareCells)).toEqual([true, false]);
  });
});

describe('the page shown', () => {
  it('never goes past the last page or before the first', () => {
    expect(clampPage(5, 41, 20)).toBe(3);
    expect(clampPage(2, 0, 20)).toBe(1);
    expect(clampPage(0, 10, 5)).toBe(1);
  });
});
