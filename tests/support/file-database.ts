import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'

/** The migrated database that tests/setup/global-database.ts makes; only ever cloned. */
const TEMPLATE = 'postgres'
/** Serialises the clones: Postgres refuses to copy a database while another session copies it. */
const CLONE_LOCK = 2_026_112_8

/** A database URL with another database name. */
function onDatabase(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

/**
 * A test file's own copy of the migrated database, so database files run side by side without
 * reading each other's rows, made from the template in a few milliseconds rather than migrated
 * again. Each file calls it once at its top level: files share a worker's modules, so a copy made
 * here once would be shared too.
 */
export async function databaseForThisFile(): Promise<{ dbUrl: string; superuserDbUrl: string }> {
  const { dbUrl, superuserDbUrl } = inject('database')
  const name = `test_${randomUUID().replaceAll('-', '')}`
  // Connected to template1, not to the template: a session on the template blocks its copy.
  const admin = new pg.Client({ connectionString: onDatabase(superuserDbUrl, 'template1') })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock($1)', [CLONE_LOCK])
    await admin.query(`create database ${name} template ${TEMPLATE}`)
    await admin.query(`alter database ${name} owner to postgres`)
  } finally {
    await admin.end()
  }
  return { dbUrl: onDatabase(dbUrl, name), superuserDbUrl: onDatabase(superuserDbUrl, name) }
}
