// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { CsvSyntaxError, parseCsv, toCsv } from './csv'

describe('toCsv', () => {
  it('starts with a UTF-8 BOM, ends records with CRLF and quotes only what needs it', () => {
    expect(
      toCsv([
        ['Name', 'Rating'],
        ['Pebble, Beach', 75.5],
        ['The "Old" 🏌️', 72],
      ]),
    ).toBe('\uFEFFName,Rating\r\n"Pebble, Beach",75.5\r\n"The ""Old"" 🏌️",72\r\n')
  })

  it('neutralises text a spreadsheet would run, but not numbers', () => {
    const csv = toCsv([
      ['=cmd()', '+1', '-2', '@SUM(A1)', '\tx', '\rx', -1.5, '=HYPERLINK("http://x","y")'],
    ])
    expect(csv).toBe(
      `\uFEFF'=cmd(),'+1,'-2,'@SUM(A1),'\tx,"'\rx",-1.5,"'=HYPERLINK(""http://x"",""y"")"\r\n`,
    )
  })

  it('writes line breaks inside a quoted cell and leaves null cells empty', () => {
    expect(toCsv([['a\nb', null, true]])).toBe('\uFEFF"a\nb",,true\r\n')
  })
})

describe('parseCsv', () => {
  it('reads back what toCsv writes', () => {
    const rows = [
      ['Name', 'Score'],
      ['Pebble, Beach', '88'],
      ['The "Old"\r\nCourse 🏌️', '90'],
    ]
    expect(parseCsv(toCsv(rows)).map((record) => record.cells)).toEqual(rows)
  })

  it('numbers records by the line they start on, skipping blank lines', () => {
    const records = parseCsv('a,b\n\n"x\ny",1\n2,3\n')
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['x\ny', '1'] },
      { line: 5, cells: ['2', '3'] },
    ])
  })

  it('reads semicolon files when the header has no comma', () => {
    expect(parseCsv('a;b\r\n1,5;2').map((record) => record.cells)).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ])
  })

  it('refuses a quote that never closes, and text after a closing quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvSyntaxError)
    expect(() => parseCsv('a\n"x"y')).toThrow('text after a closing quote')
  })
})
