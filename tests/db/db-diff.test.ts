import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { writeSchemaDiff } from 'local-supabase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'

/**
 * `npm run db:diff` on the app as committed: the schema files and the migrations agree, so migra
 * (and what the package adds to it: privileges, comments, options) finds nothing to write. Run on a
 * copy of supabase/, so that a failure never leaves a file in the repository.
 */
let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hcpfast-db-diff-'))
  await cp(path.join(PROJECT_ROOT, 'supabase'), path.join(root, 'supabase'), { recursive: true })
})

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('npm run db:diff', () => {
  it('writes nothing for the committed tree: the schema files and the migrations agree', async () => {
    const migrations = await readdir(path.join(root, 'supabase', 'migrations'))
    const { file, diff } = await writeSchemaDiff({ projectDir: root, name: 'nothing_changed' })
    expect(diff.sql).toBe('')
    expect(diff.unresolved).toEqual([])
    expect(file).toBeUndefined()
    expect(diff.schemas).toContain('public')
    expect(diff.schemaFiles).toEqual(
      (await readdir(path.join(PROJECT_ROOT, 'supabase', 'schemas')))
        .filter((name) => name.endsWith('.sql'))
        .sort()
        .map((name) => `supabase/schemas/${name}`),
    )
    expect(await readdir(path.join(root, 'supabase', 'migrations'))).toEqual(migrations)
  }, 300_000)
})
