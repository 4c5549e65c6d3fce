/**
 * CSV as a spreadsheet in a Spanish locale opens it (decision 033): a UTF-8 byte-order mark so the
 * accents read right, `;` between fields (the comma is the decimal separator there), CRLF between
 * rows, every field quoted. A field a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * starts with an apostrophe instead (OWASP's CSV injection advice).
 */
export const CSV_BOM = '\uFEFF';

function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvRow(fields: (string | number | null)[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}
