import type pg from 'pg'
import { rowVisibleTo } from './rls.ts'
import type { ChangeAction, ColumnFilter, FilterOp } from './subscription-params.ts'
import type { ChangeSubscriber, Subscription, SubscriptionRegistry } from './subscriptions.ts'
import type { Claims } from './tokens.ts'
import type { WalChange, WalTuple } from './wal-feed.ts'
import { evaluateProbes, type Probe, type ProbeParam } from './probes.ts'

/** Realtime's `max_record_bytes` default: larger records lose their values over 64 bytes. */
const MAX_RECORD_BYTES = 1024 * 1024
const OVERSIZE_VALUE_BYTES = 64
/** Values of one column's eq filters compared in one probe. */
const EQ_VALUES_PER_PROBE = 1000

const OPERATORS: Record<Exclude<FilterOp, 'is' | 'isdistinct'>, string> = {
  eq: '=',
  neq: '!=',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  in: '= any',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
}

/** The operators whose answer for a null value is not null (`is null`, `is distinct from`). */
const nullAware = (op: FilterOp) => op === 'is' || op === 'isdistinct'

/**
 * One filter as the negate-aware `check_equality_op` evaluates it, for a row value that is a
 * parameter, or SQL null (only `is` and `isdistinct` are asked about a null value).
 */
function comparisonProbe(filter: ColumnFilter, type: string, text: string | null): Probe {
  const not = filter.negate ? 'not ' : ''
  const left = text === null ? `null::${type}` : `$?::text::${type}`
  const params = text === null ? [] : [text]
  if (filter.op === 'is') {
    return { sql: `(${left} is ${not}${filter.value.toUpperCase()})`, params }
  }
  if (filter.op === 'isdistinct') {
    return {
      sql: `(${left} is ${not}distinct from $?::text::${type})`,
      params: [...params, filter.value],
    }
  }
  const list = filter.op === 'in' ? '[]' : ''
  return {
    sql: `coalesce(${not}(${left} ${OPERATORS[filter.op]} ($?::text::${type}${list})), false)`,
    params: [...params, filter.value],
  }
}

interface TableInfo {
  rls: boolean
  primaryKey: Set<string>
  /** In attnum order, with `pg_type.typname`. */
  columns: { name: string; type: string }[]
  /** Per role, the columns it may SELECT. */
  selectable: Map<string, Set<string>>
}

type TupleKind = 'record' | 'identity'

interface RowValues {
  /** Values as JSON text, `to_jsonb(value::type)` as Realtime casts them. */
  record: Map<string, string>
  identity: Map<string, string>
  /** `realtime.is_visible_through_filters`, with the new row or else (DELETE) the old one. */
  passes(filters: ColumnFilter[]): boolean
}

/**
 * Turns each WAL change into `postgres_changes` frames for the subscribers who may see it: Realtime's
 * `apply_rls` and message dispatcher, with Postgres doing every cast, comparison and RLS decision.
 */
export function createChangeDispatcher(options: {
  db: pg.Pool
  registry: SubscriptionRegistry
  log: (message: string) => void
}): (change: WalChange) => Promise<void> {
  const { db, registry, log } = options
  const tableInfoCache: TableInfoCache = new Map()
  // Changes are evaluated concurrently (each needs a few queries, and a burst of writes would
  // otherwise queue behind one another), but their frames go out strictly in WAL order.
  let sent: Promise<void> = Promise.resolve()

  return function dispatch(change) {
    // The evaluation is handled the moment it is made: it may fail (Postgres gone, a filter
    // that no longer casts) long before the frames ahead of it are out, and a rejection nobody
    // is listening to yet would end the process.
    const frames = evaluate(change).catch((error: unknown) => {
      log(
        `realtime: a change to ${change.relation.schema}.${change.relation.table} could not be evaluated: ${(error as Error).message}`,
      )
      return [] as [Subscription[], string][]
    })
    sent = sent
      .then(() => frames)
      .then((ready) => {
        for (const [subscriptions, data] of ready) deliver(subscriptions, data, log)
      })
    return Promise.resolve()
  }

  async function evaluate(change: WalChange): Promise<[Subscription[], string][]> {
    const frames: [Subscription[], string][] = []
    const subscriptions = registry.matching(change.relation.oid, change.action)
    if (!subscriptions.length) return frames
    const roles = [...new Set(subscriptions.map((s) => s.subscriber.claims.role))].sort()
    const [table, row] = await Promise.all([
      loadTable(tableInfoCache, db, change.relation.oid, roles),
      evaluateRow(db, change, subscriptions, log),
    ])
    if (!table) return frames

    const header = {
      schema: change.relation.schema,
      table: change.relation.table,
      type: change.action,
    }
    for (const role of roles) {
      const ofRole = subscriptions.filter((s) => s.subscriber.claims.role === role)
      const selectable = table.selectable.get(role) ?? new Set<string>()

      if (change.action !== 'DELETE') {
        const keyInRow = [...(change.record?.keys() ?? [])].filter((name) =>
          table.primaryKey.has(name),
        )
        const failure = !keyInRow.length
          ? 'Error 400: Bad Request, no primary key'
          : keyInRow.some((name) => !selectable.has(name))
            ? 'Error 401: Unauthorized'
            : undefined
        if (failure) {
          const oldRecord = change.action === 'UPDATE' ? '"old_record":{},' : ''
          const data = `{"columns":[],"commit_timestamp":null,"errors":${JSON.stringify([failure])},${oldRecord}"record":{},${headerJson(header)}}`
          for (const group of bySelection(ofRole)) frames.push([group, data])
          continue
        }
      }

      let visible = ofRole.filter((s) => row.passes(s.filters))
      if (table.rls && change.action !== 'DELETE' && visible.length) {
        visible = await visibleByRls(db, change, table, visible, log)
      }
      const visibleSet = new Set(visible)

      for (const group of bySelection(ofRole)) {
        const seen = group.filter((s) => visibleSet.has(s))
        if (!seen.length) continue
        frames.push([
          seen,
          buildData(change, table, row, selectable, group[0]?.selectedColumns ?? null),
        ])
      }
    }
    return frames
  }
}

function headerJson(header: { schema: string; table: string; type: ChangeAction }): string {
  return `"schema":${JSON.stringify(header.schema)},"table":${JSON.stringify(header.table)},"type":${JSON.stringify(header.type)}`
}

/** Realtime fans a change out once per distinct column selection within a role. */
function bySelection(subscriptions: Subscription[]): Subscription[][] {
  const groups = new Map<string, Subscription[]>()
  for (const subscription of subscriptions) {
    const key = subscription.selectedColumns?.join('\u0000') ?? '\u0001all'
    const group = groups.get(key)
    if (group) group.push(subscription)
    else groups.set(key, [subscription])
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, group]) => group)
}

/** One frame per channel, listing the ids of its bindings that matched (RT `MessageDispatcher`). */
function deliver(
  subscriptions: Subscription[],
  dataJson: string,
  log: (message: string) => void,
): void {
  const perSubscriber = new Map<ChangeSubscriber, number[]>()
  for (const subscription of subscriptions) {
    const ids = perSubscriber.get(subscription.subscriber) ?? []
    if (!ids.includes(subscription.bindingId)) ids.unshift(subscription.bindingId)
    perSubscriber.set(subscription.subscriber, ids)
  }
  for (const [subscriber, ids] of perSubscriber) {
    try {
      subscriber.send('postgres_changes', `{"data":${dataJson},"ids":${JSON.stringify(ids)}}`)
    } catch (error) {
      log(
        `realtime: a change could not be sent on ${subscriber.topic}: ${(error as Error).message}`,
      )
    }
  }
}

function buildData(
  change: WalChange,
  table: TableInfo,
  row: RowValues,
  selectable: Set<string>,
  selectedColumns: string[] | null,
): string {
  const selected = selectedColumns ? new Set(selectedColumns) : undefined
  const wanted = (name: string) =>
    selectable.has(name) && (!selected || selected.has(name) || table.primaryKey.has(name))
  const oversize = estimateWalBytes(change) > MAX_RECORD_BYTES
  const fits = (json: string) => !oversize || Buffer.byteLength(json) <= OVERSIZE_VALUE_BYTES

  const columns = table.columns.filter((column) => wanted(column.name))
  const parts = [
    `"columns":${JSON.stringify(columns)}`,
    `"commit_timestamp":${JSON.stringify(change.commitTimestamp)}`,
    `"errors":${oversize ? JSON.stringify(['Error 413: Payload Too Large']) : 'null'}`,
  ]
  const pick = (values: Map<string, string>, keep: (name: string) => boolean) =>
    jsonbObject([...values].filter(([name, json]) => wanted(name) && keep(name) && fits(json)))

  if (change.action === 'UPDATE' || change.action === 'DELETE') {
    const pkOnly = change.action === 'DELETE' && table.rls
    // Under RLS a DELETE cannot be checked against policies, so only the key goes out.
    parts.push(
      `"old_record":${pick(row.identity, (name) => !pkOnly || table.primaryKey.has(name))}`,
    )
  }
  if (change.action !== 'DELETE') {
    // An unchanged TOAST value is not in the new row; Realtime takes it from the old one.
    const merged = new Map([...row.identity, ...row.record])
    parts.push(`"record":${pick(merged, () => true)}`)
  }
  return `{${parts.join(',')},${headerJson({ schema: change.relation.schema, table: change.relation.table, type: change.action })}}`
}

/**
 * A JSON object with jsonb's key order (shorter keys first, then bytewise). Realtime's poller
 * reads a missing object as `{}`.
 */
function jsonbObject(entries: [string, string][]): string {
  const sorted = entries
    .map(([key, json]) => [key, json, Buffer.from(key)] as const)
    .sort(([, , a], [, , b]) => a.length - b.length || Buffer.compare(a, b))
  return `{${sorted.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`
}

function estimateWalBytes(change: WalChange): number {
  let bytes = 200
  for (const tuple of [change.record, change.identity]) {
    for (const [name, value] of tuple ?? [])
      bytes += 48 + name.length + Buffer.byteLength(value ?? 'null')
  }
  return bytes
}

/**
 * A burst of changes to one table needs its catalog facts once, not once per change; a second
 * later they are read again, so a migration or GRANT is seen promptly.
 */
const TABLE_INFO_TTL_MS = 1000
type TableInfoCache = Map<string, { at: number; info: Promise<TableInfo | undefined> }>

function loadTable(
  tableInfoCache: TableInfoCache,
  db: pg.Pool,
  relid: number,
  roles: string[],
): Promise<TableInfo | undefined> {
  const key = `${relid}:${roles.join(',')}`
  const cached = tableInfoCache.get(key)
  if (cached && performance.now() - cached.at < TABLE_INFO_TTL_MS) return cached.info
  const info = readTableInfo(db, relid, roles)
  tableInfoCache.set(key, { at: performance.now(), info })
  info.catch(() => tableInfoCache.delete(key))
  return info
}

async function readTableInfo(
  db: pg.Pool,
  relid: number,
  roles: string[],
): Promise<TableInfo | undefined> {
  const { rows } = await db.query<{
    rls: boolean
    primary_key: string[]
    columns: { name: string; type: string }[]
    selectable: Record<string, string[]>
  }>(
    `select c.relrowsecurity as rls,
       coalesce((select array_agg(a.attname::text)
                 from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any (k.conkey)
                 where k.conrelid = c.oid and k.contype = 'p'), '{}') as primary_key,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                 from pg_attribute a join pg_type t on t.oid = a.atttypid
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
       coalesce((select json_object_agg(r.name,
                   (select coalesce(json_agg(a.attname), '[]') from pg_attribute a
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                      and has_column_privilege(r.name, c.oid, a.attnum, 'SELECT')))
                 from unnest($2::text[]) as r(name)
                 where exists (select from pg_roles where rolname = r.name)), '{}') as selectable
     from pg_class c where c.oid = $1`,
    [relid, roles],
  )
  const found = rows[0]
  if (!found) return undefined
  return {
    rls: found.rls,
    primaryKey: new Set(found.primary_key),
    columns: found.columns,
    selectable: new Map(
      Object.entries(found.selectable).map(([role, names]) => [role, new Set(names)]),
    ),
  }
}

/**
 * Casts the WAL text of every value with `to_jsonb(value::type)` and evaluates every filter
 * comparison the subscriptions need, as `check_equality_op` does. The casts need only the row;
 * the comparisons run in statements of bounded size (see probes.ts), so a subscriber whose
 * filters cannot be evaluated misses this change alone and everyone else's go out.
 */
async function evaluateRow(
  db: pg.Pool,
  change: WalChange,
  subscriptions: Subscription[],
  log: (message: string) => void,
): Promise<RowValues> {
  const types = new Map(change.relation.columns.map((column) => [column.name, column.regtype]))
  const typeOf = (name: string) => types.get(name) ?? 'text'

  const values = { record: new Map<string, string>(), identity: new Map<string, string>() }
  const tuples: Record<TupleKind, WalTuple | undefined> = {
    record: change.record,
    identity: change.identity,
  }
  const valueProbes: Probe[] = []
  const valueSlots: { kind: TupleKind; name: string }[] = []
  for (const kind of ['record', 'identity'] as const) {
    for (const [name, text] of tuples[kind] ?? []) {
      if (text === null) {
        values[kind].set(name, 'null')
        continue
      }
      const type = typeOf(name)
      // realtime.cast leaves bytea as its text form rather than encoding it twice.
      valueProbes.push({
        sql: type === 'bytea' ? `$?::text` : `$?::text::${type}`,
        params: [text],
      })
      valueSlots.push({ kind, name })
    }
  }

  const kindsToTest: TupleKind[] = change.action === 'DELETE' ? ['record', 'identity'] : ['record']
  const comparisons = new Map<string, number>()
  const comparisonProbes: Probe[] = []
  const eqGroups = new Map<string, { text: string; type: string; values: Set<string> }>()
  const comparisonKey = (kind: TupleKind, filter: ColumnFilter) =>
    `${kind}\u0000${filter.column}\u0000${filter.op}\u0000${filter.negate}\u0000${filter.value}`
  // Those with the fewest filters first: if a change's statement budget runs out, it runs out on
  // the subscriber who asked for the most.
  const byFilterCount = [...subscriptions].sort((a, b) => a.filters.length - b.filters.length)
  for (const subscription of byFilterCount) {
    for (const filter of subscription.filters) {
      for (const kind of kindsToTest) {
        const text = tuples[kind]?.get(filter.column)
        const key = comparisonKey(kind, filter)
        if (text === undefined || comparisons.has(key)) continue
        if (text === null && !nullAware(filter.op)) continue
        const type = typeOf(filter.column)
        if (filter.op === 'eq' && !filter.negate && text !== null) {
          // Typical channels filter on the subscriber's own id: one comparison per column against all
          // their values keeps the statement small however many subscribe.
          const groupKey = `${kind}\u0000${filter.column}`
          const group = eqGroups.get(groupKey) ?? { text, type, values: new Set<string>() }
          group.values.add(filter.value)
          eqGroups.set(groupKey, group)
          continue
        }
        comparisons.set(key, comparisonProbes.length)
        comparisonProbes.push(comparisonProbe(filter, type, text))
      }
    }
  }

  // Each eq group is split into slices, so that one column with very many values is several
  // probes: a value that no longer casts (the column's type changed) fails only its slice.
  const eqProbes: { groupKey: string; probe: Probe }[] = []
  for (const [groupKey, { text, type, values: wanted }] of eqGroups) {
    const all = [...wanted]
    for (let at = 0; at < all.length; at += EQ_VALUES_PER_PROBE) {
      eqProbes.push({
        groupKey,
        probe: {
          sql: `array(select v from unnest($?::text[]) as v where v::${type} = $?::text::${type})`,
          params: [all.slice(at, at + EQ_VALUES_PER_PROBE), text],
        },
      })
    }
  }

  const query = (sql: string, params: ProbeParam[]) =>
    db.query<{ results: (string | null)[] }>(sql, params)
  const complain = (message: string) =>
    log(`realtime: ${change.relation.schema}.${change.relation.table}: ${message}`)
  const results = await evaluateProbes(
    query,
    [...valueProbes, ...comparisonProbes, ...eqProbes.map(({ probe }) => probe)],
    complain,
  )
  const cast = results.slice(0, valueProbes.length)
  const compared = results.slice(valueProbes.length, valueProbes.length + comparisonProbes.length)
  const eqResults = results.slice(valueProbes.length + comparisonProbes.length)

  const eqMatched = new Map<string, Set<string>>()
  eqProbes.forEach(({ groupKey }, index) => {
    const matched = eqMatched.get(groupKey) ?? new Set<string>()
    const found = eqResults[index]
    if (typeof found === 'string') {
      for (const value of JSON.parse(found) as string[]) matched.add(value)
    }
    eqMatched.set(groupKey, matched)
  })
  valueSlots.forEach((slot, index) => {
    values[slot.kind].set(slot.name, cast[index] ?? 'null')
  })

  const visibleThrough = (kind: TupleKind, filters: ColumnFilter[]) => {
    if (!filters.length) return true
    // Filters on columns the row does not carry are skipped; if none applied, the row is hidden.
    let applied = false
    for (const filter of filters) {
      const text = tuples[kind]?.get(filter.column)
      if (text === undefined) continue
      applied = true
      if (text === null && !nullAware(filter.op)) return false
      if (filter.op === 'eq' && !filter.negate) {
        if (!eqMatched.get(`${kind}\u0000${filter.column}`)?.has(filter.value)) return false
        continue
      }
      const index = comparisons.get(comparisonKey(kind, filter))
      if (index === undefined || compared[index] !== 'true') return false
    }
    return applied
  }

  return {
    ...values,
    passes: (filters) =>
      visibleThrough('record', filters) ||
      (change.action === 'DELETE' && visibleThrough('identity', filters)),
  }
}

/** Keeps the subscriptions whose claims may SELECT the row; one check per distinct claims. */
async function visibleByRls(
  db: pg.Pool,
  change: WalChange,
  table: TableInfo,
  subscriptions: Subscription[],
  log: (message: string) => void,
): Promise<Subscription[]> {
  const types = new Map(change.relation.columns.map((column) => [column.name, column.regtype]))
  const key = [...table.primaryKey].map((name) => ({
    name,
    regtype: types.get(name) ?? 'text',
    value: change.record?.get(name) ?? null,
  }))
  const where = { schema: change.relation.schema, table: change.relation.table }
  // Channels of one session carry equal claims: one check each, however many channels.
  const decisions = new Map<string, Promise<boolean>>()
  const keys = subscriptions.map((s) => claimsKey(s.subscriber.claims))
  subscriptions.forEach((subscription, index) => {
    const id = keys[index] as string
    if (!decisions.has(id)) {
      decisions.set(
        id,
        rowVisibleTo(db, where, key, subscription.subscriber.claims, change.xid, log),
      )
    }
  })
  const visible = await Promise.all(keys.map((id) => decisions.get(id)))
  return subscriptions.filter((_, index) => visible[index] === true)
}

const claimsKeys = new WeakMap<Claims, string>()

function claimsKey(claims: Claims): string {
  let key = claimsKeys.get(claims)
  if (key === undefined) {
    key = JSON.stringify(claims)
    claimsKeys.set(claims, key)
  }
  return key
}
