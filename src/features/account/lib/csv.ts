/** A cell: text is quoted as needed and neutralised; a number is written as it is. */
export type CsvCell = string | number | boolean | null

const FORMULA_START = /^[=+\-@\t\r]/

/** A leading apostrophe, as OWASP advises against CSV injection. Numbers are not text, so a
 * negative differential stays a number. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

function writeCell(cell: CsvCell): string {
  if (cell === null) return ''
  if (typeof cell !== 'string') return String(cell)
  const text = neutraliseFormula(cell)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** RFC 4180, with a UTF-8 byte order mark so Excel reads accents and emoji as UTF-8. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(writeCell).join(',')).join('\r\n') + '\r\n'
}

export interface CsvRecord {
  /** Counting from 1 (the header is line 1). */
  line: number
  cells: string[]
}

export class CsvSyntaxError extends Error {
  override name = 'CsvSyntaxError'
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

/** Also LF line ends, a BOM, and the semicolons some spreadsheets write where the comma is the
 * decimal mark (the header line decides). */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  const firstLine = input.slice(0, input.search(/\r|\n|$/))
  const separator = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ','
  const records: CsvRecord[] = []
  let line = 1
  let cells: string[] = []
  let cell = ''
  let recordLine = 1
  let quoted = false
  let i = 0
  const endRecord = () => {
    cells.push(cell)
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells })
    cells = []
    cell = ''
  }
  while (i < input.length) {
    const char = input[i] as string
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          cell += '"'
          i += 2
          continue
        }
        quoted = false
        i += 1
        const next = input[i]
        if (next !== undefined && next !== separator && next !== '\r' && next !== '\n') {
          throw new CsvSyntaxError(line, 'text after a closing quote')
        }
        continue
      }
      if (char === '\n' || (char === '\r' && input[i + 1] !== '\n')) line += 1
      cell += char
      i += 1
      continue
    }
    if (char === '"' && cell === '') {
      quoted = true
      i += 1
    } else if (char === separator) {
      cells.push(cell)
      cell = ''
      i += 1
    } else if (char === '\r' || char === '\n') {
      endRecord()
      i += char === '\r' && input[i + 1] === '\n' ? 2 : 1
      line += 1
      recordLine = line
    } else {
      cell += char
      i += 1
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quote that is never closed')
  endRecord()
  return records
}
