import { describe, expect, it } from 'vitest'
import { cliPinnedPostgresMetaVersion, installedPostgresMetaVersion } from './gen-types.ts'

describe('type generation', () => {
  it('runs the postgres-meta release that the installed Supabase CLI would run in Docker', async () => {
    expect(await installedPostgresMetaVersion()).toBe(await cliPinnedPostgresMetaVersion())
  })
})
