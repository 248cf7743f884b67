import { describe, expect, it } from 'vitest'
import {
  evaluateProbes,
  MAX_PARAMS_PER_STATEMENT,
  packProbes,
  statementFor,
  type Probe,
  type ProbeParam,
} from './probes.ts'

const probe = (value: string, params = 1): Probe => ({
  sql: Array.from({ length: params }, () => '$?::text').join(' || '),
  params: Array.from({ length: params }, () => value),
})

describe('filter probes', () => {
  it('numbers placeholders across the probes of one statement', () => {
    const { sql, params } = statementFor([probe('a'), probe('b', 2)])
    expect(sql).toBe(
      'select array[to_jsonb($1::text)::text, to_jsonb($2::text || $3::text)::text]::text[] as results',
    )
    expect(params).toEqual(['a', 'b', 'b'])
  })

  it('keeps every statement far below the 65,535 parameters of the wire protocol', () => {
    // 33,000 filters of one binding, as in the attack.
    const items = Array.from({ length: 33_000 }, (_, index) => ({ probe: probe(`${index}`, 2) }))
    const chunks = packProbes(items)
    expect(chunks.flat()).toHaveLength(33_000)
    for (const chunk of chunks) {
      const params = chunk.reduce((sum, item) => sum + item.probe.params.length, 0)
      expect(params).toBeLessThanOrEqual(MAX_PARAMS_PER_STATEMENT)
    }
  })

  it('isolates a failing probe: the others still get their answers, in order, and it never rejects', async () => {
    const probes = ['a', 'b', 'bad', 'c'].map((value) => probe(value))
    const failures: string[] = []
    const query = async (_sql: string, params: ProbeParam[]) => {
      if (params.includes('bad')) throw new Error('invalid input syntax')
      return { rows: [{ results: params.map((value) => JSON.stringify(value)) }] }
    }
    const results = await evaluateProbes(query, probes, (message) => failures.push(message))
    expect(results).toEqual(['"a"', '"b"', undefined, '"c"'])
    expect(failures).toEqual(['a filter comparison failed: invalid input syntax'])
  })

  it('gives up within a bounded number of statements when everything fails', async () => {
    let statements = 0
    const query = async () => {
      statements += 1
      throw new Error('the database is gone')
    }
    const probes = Array.from({ length: 1000 }, (_, index) => probe(`${index}`))
    const results = await evaluateProbes(query, probes, () => undefined, 16)
    expect(statements).toBeLessThanOrEqual(16)
    expect(results.every((result) => result === undefined)).toBe(true)
  })
})
