import pg from 'pg'

/**
 * What the catalog says about every object of some schemas, keyed by object so that a difference
 * names it. Definitions come from Postgres' own deparsers (pg_get_viewdef, pg_get_functiondef,
 * pg_get_triggerdef, pg_get_constraintdef, pg_get_indexdef): formatting and comments outside
 * function bodies do not matter, a function body must match to the character. ACLs are sorted, so
 * the order of grants does not matter; columns are numbered in table order, skipping dropped ones.
 * Default privileges count too: they decide what the next `create` grants. Functions and types are
 * keyed as regprocedure and regtype print them (qualified outside the search path).
 */
const CATALOG = `
with relations as (
  select c.oid, c.relname, c.relkind, format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = any ($1) and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f', 'c')
)
select json_build_object(
  'schemas', (
    select coalesce(json_object_agg(n.nspname, json_build_object(
      'owner', pg_get_userbyid(n.nspowner),
      'acl', (select array_agg(a::text order by a::text) from unnest(n.nspacl) as a),
      'comment', obj_description(n.oid, 'pg_namespace')
    ) order by n.nspname), '{}')
    from pg_namespace n where n.nspname = any ($1)
  ),
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
      'owner', pg_get_userbyid(ty.typowner),
      'acl', (select array_agg(a::text order by a::text) from unnest(ty.typacl) as a)
    ) order by ty.oid::regtype::text), '{}')
    from pg_type ty join pg_namespace n on n.oid = ty.typnamespace
    where n.nspname = any ($1) and ty.typtype in ('e', 'd', 'r', 'm')
  ),
  'defaultPrivileges', (
    select coalesce(json_object_agg(
      format('for role %I%s on %s', pg_get_userbyid(d.defaclrole),
        case when d.defaclnamespace = 0 then '' else format(' in schema %I', n.nspname) end,
        d.defaclobjtype),
      (select array_agg(a::text order by a::text) from unnest(d.defaclacl) as a)
      order by pg_get_userbyid(d.defaclrole), n.nspname nulls first, d.defaclobjtype), '{}')
    from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace
    where d.defaclnamespace = 0 or n.nspname = any ($1)
  ),
  'extensions', (
    select coalesce(json_object_agg(x.extname, x.extnamespace::regnamespace::text
      order by x.extname), '{}')
    from pg_extension x
  )
) as catalog
`

/** Objects by kind (`relations`, `functions`, …), each keyed by its qualified name. */
export type Catalog = Record<string, Record<string, unknown>>

/** The catalog of `schemas` in the database at `dbUrl` (any role that can read pg_catalog). */
export async function catalogOf(dbUrl: string, schemas: readonly string[]): Promise<Catalog> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ catalog: Catalog }>(CATALOG, [schemas])
    const catalog = rows[0]?.catalog
    if (!catalog) throw new Error('the catalog query returned no row')
    return catalog
  } finally {
    await client.end()
  }
}

/** `kind name` of every object that differs between two catalogs, sorted. */
export function catalogDifferences(from: Catalog, to: Catalog): string[] {
  const differences: string[] = []
  for (const kind of [...new Set([...Object.keys(from), ...Object.keys(to)])].sort()) {
    const a = from[kind] ?? {}
    const b = to[kind] ?? {}
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (JSON.stringify(a[name]) !== JSON.stringify(b[name])) differences.push(`${kind} ${name}`)
    }
  }
  return differences
}
