import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('CSV export', () => {
  it('starts with a BOM so Excel reads the Chinese as UTF-8, and ends lines with CRLF', () => {
    const text = toCsv(['名称', '端口'], [['东京', 443]]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1)).toBe('"名称","端口"\r\n"东京","443"\r\n');
  });

  it('quotes every cell and doubles the quotes inside, so commas and line breaks stay in their cell', () => {
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(true)).toBe('"true"');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}HYPERLINK("http://x")`)).toBe(`"'${start}HYPERLINK(""http://x"")"`);
    }
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('leaves numbers as numbers, negative ones included', () => {
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(0.01)).toBe('"0.01"');
  });

  it('names the file after the screen and the local date', () => {
    expect(csvFileName('节点管理', new Date(2026, 0, 5, 23, 59))).toBe('节点管理-2026-01-05.csv');
  });
});
