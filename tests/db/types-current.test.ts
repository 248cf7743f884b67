import { readFile } from 'node:fs/promises'
import { generateTypes } from 'local-supabase'
import { describe, expect, it } from 'vitest'
import { TYPES_FILE } from '../../scripts/gen-types.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/** The committed Supabase types describe the schema the migrations build, and nothing else. */
const normalise = (text: string) => text.replace(/[ \t]+$/gm, '').trimEnd()

describe('src/lib/database.types.ts', () => {
  it('is what `npm run gen:types` generates from the migrated database', async () => {
    const generated = await generateTypes(fileDatabase.dbUrl)
    const committed = await readFile(TYPES_FILE, 'utf8')
    expect(generated).toContain('export type Database')
    expect(normalise(committed), 'stale types: run `npm run gen:types`').toBe(normalise(generated))
  })
})
