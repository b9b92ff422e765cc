/**
 * CSV as spreadsheets read it (RFC 4180): every field quoted, quotes doubled, CRLF between rows.
 * A field that begins with = + - @ or a tab would be run as a formula by a spreadsheet (CSV
 * injection): it gets a leading apostrophe, which spreadsheets show as text.
 */
export function csvField(value: string | number | Date | null | undefined): string {
  let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

export function csvRows(rows: readonly (readonly (string | number | Date | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}
