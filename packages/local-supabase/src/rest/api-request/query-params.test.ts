import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors.ts'
import {
  parseColumnList,
  parseFilterValue,
  parseLogicTree,
  parseOrder,
  parseQueryParams,
  parseSelect,
} from './query-params.ts'

function errorOf(run: () => unknown): ApiError {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected an ApiError')
}

const column = (name: string) => ({ name, jsonPath: [] })

describe('select', () => {
  it('reads columns, star, aliases, casts and JSON paths', () => {
    expect(parseSelect('*')).toEqual([{ kind: 'star' }])
    expect(parseSelect('')).toEqual([])
    expect(parseSelect('id,name')).toEqual([
      { kind: 'column', field: column('id') },
      { kind: 'column', field: column('name') },
    ])
    expect(parseSelect('label:name,rating::text,r:rating::text')).toEqual([
      { kind: 'column', field: column('name'), alias: 'label' },
      { kind: 'column', field: column('rating'), cast: 'text' },
      { kind: 'column', field: column('rating'), alias: 'r', cast: 'text' },
    ])
    expect(parseSelect('data->a->>b,data->0')).toEqual([
      {
        kind: 'column',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
      },
      { kind: 'column', field: { name: 'data', jsonPath: [{ arrow: '->', key: 0 }] } },
    ])
  })

  it('reads quoted names with commas and escapes', () => {
    expect(parseSelect('"a,b","say \\"hi\\""')).toEqual([
      { kind: 'column', field: column('a,b') },
      { kind: 'column', field: column('say "hi"') },
    ])
  })

  it('keeps dashes inside names but not before an arrow', () => {
    expect(parseSelect('my-col')).toEqual([{ kind: 'column', field: column('my-col') }])
  })

  it('reads embedded resources with aliases, hints, join types and nested selects', () => {
    expect(parseSelect('id,tags(*)')).toEqual([
      { kind: 'column', field: column('id') },
      { kind: 'embed', relation: 'tags', spread: false, select: [{ kind: 'star' }] },
    ])
    expect(parseSelect('c:notes!notes_author_fkey!inner(name, books(id))')).toEqual([
      {
        kind: 'embed',
        relation: 'notes',
        alias: 'c',
        hint: 'notes_author_fkey',
        joinType: 'inner',
        spread: false,
        select: [
          { kind: 'column', field: column('name') },
          {
            kind: 'embed',
            relation: 'books',
            spread: false,
            select: [{ kind: 'column', field: column('id') }],
          },
        ],
      },
    ])
    // The join type may come first; `!left` is a join type, not a hint.
    expect(parseSelect('a!left!hint()')).toEqual([
      { kind: 'embed', relation: 'a', hint: 'hint', joinType: 'left', spread: false, select: [] },
    ])
  })

  it('reads spreads, which take no alias', () => {
    expect(parseSelect('*,...notes(title:name)')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        relation: 'notes',
        spread: true,
        select: [{ kind: 'column', field: column('name'), alias: 'title' }],
      },
    ])
    expect(errorOf(() => parseSelect('x:...notes(name)')).body.code).toBe('PGRST100')
  })

  it('reads a bare `count` as a column (PostgreSQL resolves it) and count() as an aggregate', () => {
    expect(parseSelect('books(count)')).toEqual([
      {
        kind: 'embed',
        relation: 'books',
        spread: false,
        select: [{ kind: 'column', field: column('count') }],
      },
    ])
    expect(parseSelect('n:count()::int,rating.avg()')).toEqual([
      {
        kind: 'column',
        field: column('*'),
        alias: 'n',
        aggregate: 'count',
        aggregateCast: 'int',
      },
      { kind: 'column', field: column('rating'), aggregate: 'avg' },
    ])
  })

  it('refuses an unclosed embed', () => {
    const error = errorOf(() => parseSelect('id,tags(id'))
    expect(error.body.code).toBe('PGRST100')
    expect(error.body.message).toBe(
      '"failed to parse select parameter (id,tags(id)" (line 1, column 11)',
    )
  })

  it("reports a malformed select with PostgREST's message shape", () => {
    const error = errorOf(() => parseSelect('id,,name'))
    expect(error.body.code).toBe('PGRST100')
    expect(error.body.message).toBe(
      '"failed to parse select parameter (id,,name)" (line 1, column 4)',
    )
    expect(error.body.details).toMatch(/^unexpected "," expecting/)
  })

  it('does not let a cast carry SQL punctuation', () => {
    expect(errorOf(() => parseSelect('id::text);drop table x;--')).body.code).toBe('PGRST100')
  })
})

describe('filter values', () => {
  it('reads every comparison operator and keeps the rest of the text as the value', () => {
    for (const operator of [
      'eq',
      'neq',
      'gt',
      'gte',
      'lt',
      'lte',
      'like',
      'ilike',
      'match',
      'imatch',
    ]) {
      expect(parseFilterValue(`${operator}.a.b`)).toEqual({
        negated: false,
        operation: { kind: 'compare', operator, value: 'a.b' },
      })
    }
    expect(parseFilterValue('cs.{1,2}')).toEqual({
      negated: false,
      operation: { kind: 'compare', operator: 'cs', value: '{1,2}' },
    })
    expect(parseFilterValue('eq.')).toEqual({
      negated: false,
      operation: { kind: 'compare', operator: 'eq', value: '' },
    })
  })

  it('reads not., quantifiers, is, isdistinct and fts', () => {
    expect(parseFilterValue('not.eq.5')).toEqual({
      negated: true,
      operation: { kind: 'compare', operator: 'eq', value: '5' },
    })
    expect(parseFilterValue('like(any).{a*,b*}')).toEqual({
      negated: false,
      operation: { kind: 'compare', operator: 'like', quantifier: 'any', value: '{a*,b*}' },
    })
    expect(parseFilterValue('is.NULL').operation).toEqual({ kind: 'is', value: 'null' })
    expect(parseFilterValue('not.is.not_null').operation).toEqual({ kind: 'is', value: 'not_null' })
    expect(parseFilterValue('is.unknown').operation).toEqual({ kind: 'is', value: 'unknown' })
    expect(parseFilterValue('isdistinct.x').operation).toEqual({ kind: 'isdistinct', value: 'x' })
    expect(parseFilterValue('fts(english).garden').operation).toEqual({
      kind: 'fts',
      operator: 'fts',
      language: 'english',
      value: 'garden',
    })
  })

  it('reads in-lists with quoted values, commas and parentheses inside quotes', () => {
    expect(parseFilterValue('in.(1,2,3)').operation).toEqual({
      kind: 'in',
      values: ['1', '2', '3'],
    })
    expect(parseFilterValue('in.("a,b","c)d",e)').operation).toEqual({
      kind: 'in',
      values: ['a,b', 'c)d', 'e'],
    })
    expect(parseFilterValue('in.()').operation).toEqual({ kind: 'in', values: [''] })
    expect(parseFilterValue('not.in.(x)')).toEqual({
      negated: true,
      operation: { kind: 'in', values: ['x'] },
    })
  })

  it('refuses unknown operators and bad is values with PGRST100', () => {
    const unknown = errorOf(() => parseFilterValue('regex.x'))
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({
      code: 'PGRST100',
      details: 'unexpected "r" expecting "not" or operator (eq, gt, ...)',
      hint: null,
      message: '"failed to parse filter (regex.x)" (line 1, column 1)',
    })
    expect(errorOf(() => parseFilterValue('is.maybe')).body.code).toBe('PGRST100')
    expect(errorOf(() => parseFilterValue('eq')).body.code).toBe('PGRST100')
    expect(errorOf(() => parseFilterValue('in.(1,2')).body.code).toBe('PGRST100')
    expect(errorOf(() => parseFilterValue('')).body.code).toBe('PGRST100')
  })
})

describe('logic trees', () => {
  it('reads nested and/or with negation, as postgrest-js .or() sends them', () => {
    expect(parseLogicTree('or', '(id.eq.1,and(slope.gt.100,name.not.is.null))')).toEqual({
      kind: 'group',
      negated: false,
      operator: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: column('id'),
            negated: false,
            operation: { kind: 'compare', operator: 'eq', value: '1' },
          },
        },
        {
          kind: 'group',
          negated: false,
          operator: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: column('slope'),
                negated: false,
                operation: { kind: 'compare', operator: 'gt', value: '100' },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: column('name'),
                negated: true,
                operation: { kind: 'is', value: 'null' },
              },
            },
          ],
        },
      ],
    })
    expect(parseLogicTree('not.and', '(a.eq.1,b.eq.2)')).toMatchObject({
      negated: true,
      operator: 'and',
    })
  })

  it('reads quoted values, array literals and in-lists inside a tree', () => {
    const tree = parseLogicTree('or', '(name.eq."a,b",tags.cs.{x,y},id.in.(1,2))')
    expect(
      tree.kind === 'group' &&
        tree.children.map((child) => child.kind === 'filter' && child.filter.operation),
    ).toEqual([
      { kind: 'compare', operator: 'eq', value: 'a,b' },
      { kind: 'compare', operator: 'cs', value: '{x,y}' },
      { kind: 'in', values: ['1', '2'] },
    ])
  })

  it('refuses a malformed tree', () => {
    expect(errorOf(() => parseLogicTree('or', '(id.eq.1')).body.code).toBe('PGRST100')
    expect(errorOf(() => parseLogicTree('or', '(id.eq.1)x')).body.code).toBe('PGRST100')
    expect(errorOf(() => parseLogicTree('or', '()')).body.code).toBe('PGRST100')
    expect(errorOf(() => parseLogicTree('or', '(id.regex.1)')).body.code).toBe('PGRST100')
  })
})

describe('order, columns and on_conflict', () => {
  it('reads directions and nulls placement', () => {
    expect(parseOrder('rating.desc.nullslast,id,name.nullsfirst')).toEqual([
      { field: column('rating'), direction: 'desc', nulls: 'last' },
      { field: column('id') },
      { field: column('name'), nulls: 'first' },
    ])
    expect(errorOf(() => parseOrder('rating.up')).body.code).toBe('PGRST100')
  })

  it('reads the quoted column lists postgrest-js sends', () => {
    expect(parseColumnList('columns parameter', '"id","name","a,b"')).toEqual(['id', 'name', 'a,b'])
    expect(parseColumnList('on_conflict parameter', 'user_id, name')).toEqual(['user_id', 'name'])
  })
})

describe('a whole query string', () => {
  it('sorts parameters into select, filters, logic, order and range', () => {
    const parsed = parseQueryParams(
      new URLSearchParams(
        'select=id,name&user_id=eq.u1&slope=gt.100&or=(a.eq.1,b.eq.2)&order=id.desc&limit=10&offset=20&on_conflict=id&columns="id","name"',
      ),
    )
    expect(parsed.select).toHaveLength(2)
    expect(parsed.filters.map((filter) => filter.field.name)).toEqual(['user_id', 'slope'])
    expect(parsed.logic).toHaveLength(1)
    expect(parsed.order).toEqual([{ field: column('id'), direction: 'desc' }])
    expect(parsed.limit).toBe(10)
    expect(parsed.offset).toBe(20)
    expect(parsed.onConflict).toEqual(['id'])
    expect(parsed.columns).toEqual(['id', 'name'])
    expect(parsed.filterFields.sort()).toEqual(['a', 'b', 'slope', 'user_id'])
  })

  it('ignores a limit that is not a whole number, as PostgREST does', () => {
    expect(parseQueryParams(new URLSearchParams('limit=abc')).limit).toBeUndefined()
  })

  it('keeps repeated filters on one column', () => {
    const parsed = parseQueryParams(new URLSearchParams('slope=gt.60&slope=lt.150'))
    expect(parsed.filters).toHaveLength(2)
  })

  it('files dotted keys under the embedded resource they address', () => {
    const parsed = parseQueryParams(
      new URLSearchParams(
        'tags.score=gt.80&tags.order=id.desc&tags.limit=2&tags.offset=1&tags.books.or=(a.eq.1,b.eq.2)&order=author(name).desc',
      ),
    )
    expect(parsed.filters).toEqual([])
    expect(parsed.embedded).toEqual([
      {
        path: ['tags'],
        filters: [
          {
            field: column('score'),
            negated: false,
            operation: { kind: 'compare', operator: 'gt', value: '80' },
          },
        ],
        logic: [],
        order: [{ field: column('id'), direction: 'desc' }],
        limit: 2,
        offset: 1,
      },
      {
        path: ['tags', 'books'],
        filters: [],
        logic: [parseLogicTree('or', '(a.eq.1,b.eq.2)')],
        order: [],
      },
    ])
    expect(parsed.order).toEqual([{ field: column('name'), relation: 'author', direction: 'desc' }])
  })

  it('lets rpc reads pass non-filter parameters as arguments', () => {
    const parsed = parseQueryParams(new URLSearchParams('a=40&b=eq.2&c=hello world'), true)
    expect(parsed.rpcArguments).toEqual([
      ['a', '40'],
      ['c', 'hello world'],
    ])
    expect(parsed.filters.map((filter) => filter.field.name)).toEqual(['b'])
    expect(errorOf(() => parseQueryParams(new URLSearchParams('a=40'))).body.code).toBe('PGRST100')
  })
})
