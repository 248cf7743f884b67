import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { catalogOf, withThrowawayDatabase, type Catalog } from 'local-supabase'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'
import { databaseForThisFile } from '../support/file-database.ts'

const fileDatabase = await databaseForThisFile()

/**
 * supabase/schemas/*.sql is the one readable place for the current definition of every table,
 * view, function, trigger, policy and grant; supabase/migrations is the history that builds it on
 * a hosted project. Both are applied to empty databases the same way (platform bootstrap, then the
 * real CLI's `db push` as `postgres`): the schema files as if they were the only migrations, in
 * their file-name order. What the catalog says about every object of the project's schemas must
 * then be the same, so a migration that changes a view or function without its schema file (or
 * the other way round) fails here, naming the object.
 */
const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'supabase', 'schemas')

/** The schemas the project's migrations write to; add one here when a migration creates another. */
const PROJECT_SCHEMAS = ['public', 'private']

/** What the catalog says about every object of the project's schemas (see local-supabase). */
const catalogOfProject = (dbUrl: string): Promise<Catalog> => catalogOf(dbUrl, PROJECT_SCHEMAS)

/**
 * The project's policies on realtime.messages (who may join which topic): outside the project's
 * schemas, so the catalog above does not hold them, and the schema diff leaves them to be copied
 * by hand.
 */
async function realtimePolicies(dbUrl: string) {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select policyname, cmd, roles::text[] as roles, permissive, qual, with_check
       from pg_policies where schemaname = 'realtime' and tablename = 'messages'
       order by policyname`,
    )
    return rows
  } finally {
    await client.end()
  }
}

/** A project directory whose only migrations are the schema files, in their file-name order. */
async function projectOfSchemaFiles(root: string): Promise<{ dir: string }> {
  const dir = path.join(root, 'project')
  await mkdir(path.join(dir, 'supabase', 'migrations'), { recursive: true })
  await copyFile(
    path.join(PROJECT_ROOT, 'supabase', 'config.toml'),
    path.join(dir, 'supabase', 'config.toml'),
  )
  const files = (await readdir(SCHEMAS_DIR)).filter((file) => file.endsWith('.sql')).sort()
  for (const [index, file] of files.entries()) {
    // The CLI takes the digits before the first underscore as the migration's version.
    const version = String(index + 1).padStart(14, '0')
    await copyFile(
      path.join(SCHEMAS_DIR, file),
      path.join(dir, 'supabase', 'migrations', `${version}_${file}`),
    )
  }
  return { dir }
}

// A change the schema files do not declare: the WHS table's last row averaging 9 rounds, not 8.
const CANARY = `
create or replace function private.differentials_used(
  rounds_count bigint,
  out counted integer,
  out adjustment_tenths integer
)
  language plpgsql
  immutable
  set search_path = ''
as $$
begin
  if rounds_count >= 3 then
    counted := case when rounds_count >= 20 then 9 else 1 end;
    adjustment_tenths := 0;
  end if;
end;
$$`

let root: string
let fromMigrations: Catalog
let fromSchemaFiles: Catalog
let afterCanary: Catalog
let realtimeFromMigrations: unknown[]
let realtimeFromSchemaFiles: unknown[]

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hcpfast-schema-files-'))
  await chmod(root, 0o755)
  const project = await projectOfSchemaFiles(root)
  fromMigrations = await catalogOfProject(fileDatabase.dbUrl)
  realtimeFromMigrations = await realtimePolicies(fileDatabase.dbUrl)
  await withThrowawayDatabase(project.dir, async (dbUrl) => {
    fromSchemaFiles = await catalogOfProject(dbUrl)
    realtimeFromSchemaFiles = await realtimePolicies(dbUrl)
    const client = new pg.Client({ connectionString: dbUrl })
    await client.connect()
    try {
      await client.query('set role postgres')
      await client.query(CANARY)
    } finally {
      await client.end()
    }
    afterCanary = await catalogOfProject(dbUrl)
  })
}, 180_000)

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('supabase/schemas', () => {
  it('are not applied as migrations: `supabase db push` applies supabase/migrations, all of them', async () => {
    const migrations = (await readdir(path.join(PROJECT_ROOT, 'supabase', 'migrations')))
      .filter((file) => file.endsWith('.sql'))
      .sort()
    const client = new pg.Client({ connectionString: fileDatabase.dbUrl })
    await client.connect()
    try {
      const { rows } = await client.query<{ file: string }>(
        `select version || '_' || name || '.sql' as file
         from supabase_migrations.schema_migrations order by version`,
      )
      expect(rows.map((row) => row.file)).toEqual(migrations)
    } finally {
      await client.end()
    }
  })

  it('declares exactly what the migrations build: every table, view, function, trigger, policy and grant', () => {
    // Not vacuous: the objects the app relies on are there (more may come).
    expect(Object.keys(fromMigrations.relations ?? {})).toEqual(
      expect.arrayContaining([
        'public.course_handicaps',
        'public.courses',
        'public.deletions',
        'public.deletions_id_seq',
        'public.handicap_history',
        'public.handicap_indexes',
        'public.handicap_settings',
        'public.round_differentials',
        'public.rounds',
        'public.whs_history',
        'public.whs_indexes',
      ]),
    )
    expect(Object.keys(fromMigrations.functions ?? {})).toEqual(
      expect.arrayContaining([
        'private.differentials_used(bigint)',
        'private.walk_record(rounds[],text,numeric)',
        'private.whs_records()',
        'import_rounds(jsonb)',
      ]),
    )
    // One comparison, so that the diff lists every object that differs.
    expect(fromSchemaFiles).toEqual(fromMigrations)
  })

  it('declares the same policies on realtime.messages: who may join a card or a live feed', () => {
    expect(
      (realtimeFromMigrations as { policyname: string; cmd: string }[]).map(
        ({ policyname, cmd }) => ({ policyname, cmd }),
      ),
    ).toEqual([
      { policyname: "Card golfers can receive their card's channel", cmd: 'SELECT' },
      { policyname: "Card golfers can send on their card's channel", cmd: 'INSERT' },
      { policyname: 'Golfers can read their own live feed', cmd: 'SELECT' },
    ])
    expect(realtimeFromSchemaFiles).toEqual(realtimeFromMigrations)
  })

  it('tells one function body apart from another (the comparison is not blind)', () => {
    const changed = Object.keys(afterCanary.functions ?? {}).filter(
      (name) =>
        JSON.stringify(afterCanary.functions?.[name]) !==
        JSON.stringify(fromSchemaFiles.functions?.[name]),
    )
    expect(changed).toEqual(['private.differentials_used(bigint)'])
    expect({ ...afterCanary, functions: {} }).toEqual({ ...fromSchemaFiles, functions: {} })
  })
})

/**
 * A rule checker's triggers pass no rules and get its default list, which its first line names:
 * a rule the function asks about but leaves out of that list would go unchecked on every write.
 * The tee's rules are the exception, asked for by name only (private.broken_hole_rule).
 */
const ASKED_BY_NAME_ONLY = ['hole_pars', 'stroke_indexes', 'hole_pars_total']

describe('the rule checkers', () => {
  it("hold every rule they ask about in the default list a trigger's call gets", async () => {
    const checkers: Record<string, { defaults: string[]; asked: string[] }> = {}
    for (const file of (await readdir(SCHEMAS_DIR)).filter((name) => name.endsWith('.sql'))) {
      const text = await readFile(path.join(SCHEMAS_DIR, file), 'utf8')
      for (const body of text.split(/^create function /m).slice(1)) {
        const defaults = /rules := coalesce\(rules, (?:'\{([^}]*)\}'|array\[([^\]]*)\])\)/.exec(
          body,
        )
        if (!defaults) continue
        const listed = defaults[1] ?? defaults[2] ?? ''
        checkers[body.slice(0, body.indexOf('('))] = {
          defaults: [...listed.matchAll(/[a-z_]+/g)].map((match) => match[0]),
          asked: [...body.matchAll(/'([a-z_]+)' = any \(rules\)/g)].map((match) => match[1] ?? ''),
        }
      }
    }
    expect(Object.keys(checkers).sort()).toEqual([
      'private.broken_game_rule',
      'private.broken_hole_list_rule',
      'private.broken_hole_rule',
      'private.broken_partner_rule',
      'private.broken_pick_up_rule',
    ])
    for (const [name, { defaults, asked }] of Object.entries(checkers)) {
      const unlisted = [...new Set(asked)].filter(
        (rule) => !defaults.includes(rule) && !ASKED_BY_NAME_ONLY.includes(rule),
      )
      expect({ name, unlisted }).toEqual({ name, unlisted: [] })
    }
  })
})
