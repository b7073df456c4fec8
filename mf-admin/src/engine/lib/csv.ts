export type CsvCell = string | number | boolean | null | undefined;

/** Byte order mark: without it Excel reads UTF-8 as the local code page and garbles Chinese. */
const BOM = '\uFEFF';
/** A text cell starting with these is run as a formula by spreadsheet programs (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: every cell quoted (quotes doubled), and text that a spreadsheet would take for a
 * formula prefixed with an apostrophe. Numbers stay numbers (a negative number is not a formula).
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** A CSV document for Excel and the rest: BOM, CRLF line ends, a header row. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `节点管理-2026-11-24.csv`: the screen's name and the local date. */
export function csvFileName(name: string, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the text to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadText(fileName, text, 'text/csv;charset=utf-8');
}

/** Hands any text to the browser as a download (a CSV, a list of codes). */
export function downloadText(fileName: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
