import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors.ts'
import { parseQueryParams } from '../api-request/query-params.ts'
import { planTree } from '../plan/read-plan.ts'
import type { Relation, SchemaSnapshot } from '../schema-cache.ts'
import { arrayLiteral } from './sql-fragment.ts'
import { deleteStatement, insertStatement, readStatement, updateStatement } from './statements.ts'

const columns = [
  { name: 'id', type: 'text', defaultExpression: null },
  { name: 'user_id', type: 'uuid', defaultExpression: 'auth.uid()' },
  { name: 'we"ird', type: 'integer', defaultExpression: null },
]
const relation: Relation = {
  name: 'notes',
  columns,
  columnsByName: new Map(columns.map((column) => [column.name, column])),
  primaryKey: ['id'],
}

const snapshot: SchemaSnapshot = {
  relations: new Map([['notes', relation]]),
  routines: new Map(),
  roleSettings: new Map(),
  relationships: new Map(),
}

function read(query: string) {
  const parsed = parseQueryParams(new URLSearchParams(query))
  const tree = planTree({
    snapshot,
    relation: 'notes',
    select: parsed.select,
    embedded: parsed.embedded,
    root: {
      filters: parsed.filters,
      logic: parsed.logic,
      order: parsed.order,
      range: {
        offset: parsed.offset ?? 0,
        ...(parsed.limit === undefined ? {} : { limit: parsed.limit }),
      },
      columns: new Set(relation.columnsByName.keys()),
    },
    aggregatesEnabled: false,
  })
  return readStatement({
    tree,
    count: true,
    shape: 'array',
    stripNulls: false,
  })
}

const HOSTILE = "x'); drop table notes; --"

describe('statements', () => {
  it('passes every request value as a parameter and quotes every identifier', () => {
    const statement = read(
      `select=id,label:user_id&id=eq.${encodeURIComponent(HOSTILE)}&or=(id.like.*a*,user_id.in.("a,b",c))&order=id.desc&limit=5&offset=2`,
    )
    expect(statement.text).not.toContain('drop table')
    // The count query repeats the filters with their own parameters.
    expect(statement.values).toEqual([
      HOSTILE,
      '%a%',
      '{"a,b","c"}',
      5,
      2,
      HOSTILE,
      '%a%',
      '{"a,b","c"}',
    ])
    expect(statement.text).toContain('"public"."notes"."id" = $1')
    expect(statement.text).toContain('"public"."notes"."user_id" AS "label"')
    expect(statement.text).toContain('ORDER BY "public"."notes"."id" DESC LIMIT $4 OFFSET $5')
    expect(statement.text).toContain('pgrst_source_count')
  })

  it('doubles quotes inside identifiers', () => {
    expect(read('select=%22we%5C%22ird%22').text).toContain('"public"."notes"."we""ird"')
  })

  it("refuses a column the relation lacks with PostgreSQL's 42703", () => {
    let error: unknown
    try {
      read('password=eq.1')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).body).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column notes.password does not exist',
    })
  })

  it('inserts only the given columns from json_to_recordset, RETURNING 1 unless asked', () => {
    const statement = insertStatement({
      relation,
      columns: [columns[0] as (typeof columns)[number]],
      body: `[{"id":"${HOSTILE}"}]`,
      applyDefaults: false,
    })
    expect(statement.text).toContain('INSERT INTO "public"."notes"("id") SELECT pgrst_body."id"')
    expect(statement.text).toContain('json_to_recordset(pgrst_payload.json_data) AS _("id" text)')
    expect(statement.text).toContain('RETURNING 1')
    expect(statement.text).not.toContain('drop table')
    expect(statement.values).toEqual([`[{"id":"${HOSTILE}"}]`])
  })

  it('upserts with ON CONFLICT, counting inserted rows for the 201/200 decision', () => {
    const merge = insertStatement({
      relation,
      columns: columns.slice(0, 2),
      body: '[]',
      applyDefaults: true,
      onConflict: { resolution: 'merge-duplicates', columns: ['id'] },
      representation: {
        tree: planTree({
          snapshot,
          relation: 'notes',
          select: [],
          embedded: [],
          root: { filters: [], logic: [], order: [], range: { offset: 0 } },
          aggregatesEnabled: false,
        }),
        shape: 'array',
        stripNulls: false,
        extraColumns: ['id'],
      },
    })
    expect(merge.text).toContain(
      'ON CONFLICT("id") DO UPDATE SET "id" = EXCLUDED."id", "user_id" = EXCLUDED."user_id"',
    )
    expect(merge.text).toContain("set_config('pgrst.inserted'")
    expect(merge.text).toContain("jsonb_build_object('user_id', auth.uid())")
    expect(merge.text).toContain('RETURNING "public"."notes".*')
    const ignore = insertStatement({
      relation,
      columns: columns.slice(0, 1),
      body: '[]',
      applyDefaults: false,
      onConflict: { resolution: 'ignore-duplicates', columns: ['id'] },
    })
    expect(ignore.text).toContain('ON CONFLICT("id") DO NOTHING')
  })

  it('updates and deletes only the filtered rows', () => {
    const filters = parseQueryParams(new URLSearchParams('id=eq.1')).filters
    const update = updateStatement({
      relation,
      columns: columns.slice(1, 2),
      body: '[{"user_id":null}]',
      applyDefaults: false,
      conditions: { filters, logic: [] },
    })
    expect(update.text).toContain('UPDATE "public"."notes" SET "user_id" = pgrst_body."user_id"')
    expect(update.text).toContain('WHERE "public"."notes"."id" = $2 RETURNING 1')
    const removal = deleteStatement({ relation, conditions: { filters, logic: [] } })
    expect(removal.text).toContain(
      'DELETE FROM "public"."notes" WHERE "public"."notes"."id" = $1 RETURNING 1',
    )
  })

  it('builds array literals whose elements stay data', () => {
    expect(arrayLiteral(['a', 'b,c', 'd"e', 'f\\g', '}'])).toBe('{"a","b,c","d\\"e","f\\\\g","}"}')
  })
})
