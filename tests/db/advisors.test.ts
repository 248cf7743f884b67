import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { describeFinding, isBlocking, runAdvisors } from '../../scripts/db-advisors.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/** Supabase's database advisors, through the real CLI, report nothing at WARN or ERROR. */
describe('supabase db advisors', () => {
  it('find nothing at WARN or ERROR level in the migrated database', async () => {
    const findings = await runAdvisors(fileDatabase.dbUrl)
    for (const finding of findings) console.info(describeFinding(finding))
    expect(findings.filter(isBlocking).map(describeFinding)).toEqual([])
  })

  it('do report a problem when there is one (a public table exposed without RLS)', async () => {
    // A separate database in the same server, so no other test ever sees the bad table.
    const admin = new pg.Client({ connectionString: fileDatabase.dbUrl })
    const name = `advisors_canary_${randomUUID().replaceAll('-', '')}`
    await admin.connect()
    try {
      await admin.query(`create database ${name}`)
      const canaryUrl = new URL(fileDatabase.dbUrl)
      canaryUrl.pathname = `/${name}`
      const canary = new pg.Client({ connectionString: canaryUrl.toString() })
      await canary.connect()
      try {
        await canary.query('create table public.exposed (id integer primary key)')
        await canary.query('grant select on public.exposed to anon, authenticated')
      } finally {
        await canary.end()
      }
      const findings = await runAdvisors(canaryUrl.toString())
      expect(findings.filter(isBlocking)).toEqual([
        expect.objectContaining({ name: 'rls_disabled_in_public', level: 'ERROR' }),
      ])
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  })
})
