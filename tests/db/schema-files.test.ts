import { chmod, copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { withThrowawayDatabase } from 'local-supabase'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PROJECT_ROOT } from '../../scripts/project.ts'

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
const PROJECT_SCHEMAS = ['public']

/**
 * Everything compared, keyed by object so that a difference names it. Definitions come from
 * Postgres' own deparsers (pg_get_viewdef, pg_get_functiondef, pg_get_triggerdef,
 * pg_get_constraintdef, pg_get_indexdef): formatting and comments outside function bodies do not
 * matter, a function body must match to the character. ACLs are sorted, so the order of grants
 * does not matter; columns are numbered in table order, skipping dropped ones.
 */
const CATALOG = `
with relations as (
  select c.oid, c.relname, c.relkind, format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c')
)
select json_build_object(
  'relations', (
    select coalesce(json_object_agg(r.name, json_build_object(
      'kind', r.relkind,
      'owner', pg_get_userbyid(c.relowner),
      'rowLevelSecurity', c.relrowsecurity,
      'forceRowLevelSecurity', c.relforcerowsecurity,
      'replicaIdentity', c.relreplident,
      'options', c.reloptions,
      'acl', (select array_agg(a::text order by a::text) from unnest(c.relacl) as a),
      'comment', obj_description(c.oid, 'pg_class'),
      'definition', case when r.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end
    ) order by r.name), '{}')
    from relations r join pg_class c on c.oid = r.oid
  ),
  'columns', (
    select coalesce(json_object_agg(col.relation || '.' || col.attname, json_build_object(
      'position', col.position,
      'type', format_type(col.atttypid, col.atttypmod),
      'notNull', col.attnotnull,
      'default', pg_get_expr(d.adbin, d.adrelid),
      'identity', col.attidentity,
      'generated', col.attgenerated,
      'acl', (select array_agg(x::text order by x::text) from unnest(col.attacl) as x),
      'comment', col_description(col.attrelid, col.attnum)
    ) order by col.relation, col.attnum), '{}')
    from (
      select r.name as relation, a.*,
        row_number() over (partition by a.attrelid order by a.attnum) as position
      from relations r
      join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
    ) as col
    left join pg_attrdef d on d.adrelid = col.attrelid and d.adnum = col.attnum
  ),
  'constraints', (
    select coalesce(json_object_agg(
      coalesce(co.conrelid::regclass::text, co.contypid::regtype::text) || ' ' || co.conname,
      pg_get_constraintdef(co.oid) order by co.conrelid, co.contypid, co.conname), '{}')
    from pg_constraint co join pg_namespace n on n.oid = co.connamespace
    where n.nspname = any ($1)
  ),
  'indexes', (
    select coalesce(json_object_agg(format('%I.%I', i.schemaname, i.indexname), i.indexdef
      order by i.schemaname, i.indexname), '{}')
    from pg_indexes i where i.schemaname = any ($1)
  ),
  'functions', (
    select coalesce(json_object_agg(p.oid::regprocedure::text, json_build_object(
      'definition', pg_get_functiondef(p.oid),
      'owner', pg_get_userbyid(p.proowner),
      'acl', (select array_agg(a::text order by a::text) from unnest(p.proacl) as a),
      'comment', obj_description(p.oid, 'pg_proc')
    ) order by p.oid::regprocedure::text), '{}')
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any ($1) and p.prokind in ('f', 'p')
  ),
  'triggers', (
    select coalesce(json_object_agg(r.name || ' ' || t.tgname, json_build_object(
      'definition', pg_get_triggerdef(t.oid),
      'enabled', t.tgenabled
    ) order by r.name, t.tgname), '{}')
    from pg_trigger t join relations r on r.oid = t.tgrelid
    where not t.tgisinternal
  ),
  'policies', (
    select coalesce(json_object_agg(
      format('%I.%I %s', p.schemaname, p.tablename, p.policyname),
      json_build_object(
        'permissive', p.permissive,
        'roles', (select array_agg(x order by x) from unnest(p.roles) as x),
        'command', p.cmd,
        'using', p.qual,
        'withCheck', p.with_check
      ) order by p.schemaname, p.tablename, p.policyname), '{}')
    from pg_policies p where p.schemaname = any ($1)
  ),
  'publications', (
    select coalesce(json_object_agg(
      format('%s %I.%I', t.pubname, t.schemaname, t.tablename),
      json_build_object('columns', t.attnames, 'rowFilter', t.rowfilter)
      order by t.pubname, t.schemaname, t.tablename), '{}')
    from pg_publication_tables t where t.schemaname = any ($1)
  ),
  'types', (
    select coalesce(json_object_agg(ty.oid::regtype::text, json_build_object(
      'kind', ty.typtype,
      'labels', (select array_agg(e.enumlabel order by e.enumsortorder)
                 from pg_enum e where e.enumtypid = ty.oid),
      'base', case when ty.typtype = 'd' then format_type(ty.typbasetype, ty.typtypmod) end,
      'owner', pg_get_userbyid(ty.typowner)
    ) order by ty.oid::regtype::text), '{}')
    from pg_type ty join pg_namespace n on n.oid = ty.typnamespace
    where n.nspname = any ($1) and ty.typtype in ('e', 'd', 'r', 'm')
  ),
  'extensions', (
    select coalesce(json_object_agg(x.extname, x.extnamespace::regnamespace::text
      order by x.extname), '{}')
    from pg_extension x
  )
) as catalog
`

type Catalog = Record<string, Record<string, unknown>>

async function catalogOf(dbUrl: string): Promise<Catalog> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ catalog: Catalog }>(CATALOG, [PROJECT_SCHEMAS])
    const catalog = rows[0]?.catalog
    if (!catalog) throw new Error('the catalog query returned no row')
    return catalog
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
create or replace function public.differentials_used(rounds_count bigint)
  returns table (counted integer, adjustment_tenths integer)
  language sql
  immutable
  set search_path = ''
as $$
  select case when rounds_count >= 20 then 9 else 1 end, 0 where rounds_count >= 3;
$$`

let root: string
let fromMigrations: Catalog
let fromSchemaFiles: Catalog
let afterCanary: Catalog

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hcpfast-schema-files-'))
  await chmod(root, 0o755)
  const project = await projectOfSchemaFiles(root)
  fromMigrations = await catalogOf(inject('database').dbUrl)
  await withThrowawayDatabase(project.dir, async (dbUrl) => {
    fromSchemaFiles = await catalogOf(dbUrl)
    const client = new pg.Client({ connectionString: dbUrl })
    await client.connect()
    try {
      await client.query('set role postgres')
      await client.query(CANARY)
    } finally {
      await client.end()
    }
    afterCanary = await catalogOf(dbUrl)
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
    const client = new pg.Client({ connectionString: inject('database').dbUrl })
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
        'differentials_used(bigint)',
        'handicap_index_of(integer[])',
        'whs_records()',
      ]),
    )
    // One comparison, so that the diff lists every object that differs.
    expect(fromSchemaFiles).toEqual(fromMigrations)
  })

  it('tells one function body apart from another (the comparison is not blind)', () => {
    const changed = Object.keys(afterCanary.functions ?? {}).filter(
      (name) =>
        JSON.stringify(afterCanary.functions?.[name]) !==
        JSON.stringify(fromSchemaFiles.functions?.[name]),
    )
    expect(changed).toEqual(['differentials_used(bigint)'])
    expect({ ...afterCanary, functions: {} }).toEqual({ ...fromSchemaFiles, functions: {} })
  })
})
