import { beforeAll, describe, expect, it } from 'vitest'
import { newUser } from '../support.ts'

/**
 * PostgREST's media types beyond JSON, through the real supabase-js: `.csv()` (text/csv) and
 * `.explain()` (application/vnd.pgrst.plan, offered because the fixture's migration sets
 * `pgrst.db_plan_enabled` as postgrest-js's own test fixture does).
 */

let user: Awaited<ReturnType<typeof newUser>>

beforeAll(async () => {
  user = await newUser('media')
  const { error } = await user.client
    .from('authors')
    .insert([{ name: 'Ada' }, { name: 'Grace, H' }])
  expect(error).toBeNull()
})

describe('text/csv', () => {
  it("answers a header of the row's columns, then each row as PostgreSQL writes a record", async () => {
    const { data, error, status } = await user.client
      .from('authors')
      .select('name')
      .order('name')
      .csv()
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toBe('name\nAda\n"Grace, H"')
  })
})

describe('application/vnd.pgrst.plan', () => {
  it('answers the JSON plan of the statement the request would run', async () => {
    const { data, error } = await user.client
      .from('authors')
      .select('name')
      .explain({ format: 'json' })
    expect(error).toBeNull()
    expect(data).toEqual([{ Plan: expect.objectContaining({ 'Node Type': 'Aggregate' }) }])
  })

  it('answers the text plan by default', async () => {
    const { data, error } = await user.client.from('authors').select('name').explain()
    expect(error).toBeNull()
    expect(data).toMatch(/^Aggregate {2}\(cost=/)
  })
})
