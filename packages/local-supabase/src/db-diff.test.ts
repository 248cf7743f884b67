import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrationNameProblem, migrationTimestamp, schemaFilesOf } from './db-diff.ts'

let project: string | undefined

async function projectWith(files: Record<string, string>): Promise<string> {
  project = await mkdtemp(path.join(tmpdir(), 'local-supabase-schema-files-'))
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true })
    await writeFile(path.join(project, file), text)
  }
  return project
}

afterEach(async () => {
  if (project) await rm(project, { recursive: true, force: true })
  project = undefined
})

describe('schemaFilesOf', () => {
  it('takes every .sql file under supabase/schemas in path order when config.toml names none', async () => {
    const dir = await projectWith({
      'supabase/config.toml': 'project_id = "x"\n',
      'supabase/schemas/20_b.sql': '',
      'supabase/schemas/10_a.sql': '',
      'supabase/schemas/nested/05_c.sql': '',
      'supabase/schemas/notes.md': '',
      'supabase/migrations/20250101000000_a.sql': '',
    })
    expect(await schemaFilesOf(dir)).toEqual([
      'supabase/schemas/10_a.sql',
      'supabase/schemas/20_b.sql',
      'supabase/schemas/nested/05_c.sql',
    ])
  })

  it('follows [db.migrations] schema_paths: the listed order, each glob sorted, each file once', async () => {
    const dir = await projectWith({
      'supabase/config.toml':
        '[db.migrations]\nschema_paths = ["./schemas/types/*.sql", "./schemas/*.sql", "./schemas/types/a.sql"]\n',
      'supabase/schemas/10_tables.sql': '',
      'supabase/schemas/00_first.sql': '',
      'supabase/schemas/types/b.sql': '',
      'supabase/schemas/types/a.sql': '',
      'supabase/schemas/other/skipped.sql': '',
    })
    expect(await schemaFilesOf(dir)).toEqual([
      'supabase/schemas/types/a.sql',
      'supabase/schemas/types/b.sql',
      'supabase/schemas/00_first.sql',
      'supabase/schemas/10_tables.sql',
    ])
  })
})

describe('migration names', () => {
  it('accepts snake_case and refuses anything else', () => {
    expect(migrationNameProblem('add_course_notes')).toBeUndefined()
    expect(migrationNameProblem('v2_tees')).toBeUndefined()
    for (const bad of ['Add-Notes', 'add notes', '_add', 'add__notes', 'add_', '2_tees', '']) {
      expect(migrationNameProblem(bad)).toMatch(/snake_case/)
    }
  })

  it('are timestamped YYYYMMDDHHMMSS in UTC', () => {
    expect(migrationTimestamp(new Date('2026-11-26T13:08:05.999+02:00'))).toBe('20261126110805')
  })
})
