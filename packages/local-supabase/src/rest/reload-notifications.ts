import type { ServiceContext } from '../context.ts'
import type { SchemaCache } from './schema-cache.ts'

/**
 * PostgREST's reloads without a restart: `NOTIFY pgrst, 'reload schema'` (or an empty payload)
 * re-reads the schema cache, `NOTIFY pgrst, 'reload config'` the in-database configuration (the
 * `pgrst.*` settings of `authenticator`, e.g. `pgrst.db_aggregates_enabled`). Both live in the one
 * snapshot here, so either makes the next request read the catalog again. Other payloads are
 * ignored, as PostgREST ignores them.
 */
export function reloadFor(payload: string): 'schema' | 'config' | undefined {
  const command = payload.trim()
  if (command === '' || command === 'reload schema') return 'schema'
  if (command === 'reload config') return 'config'
  return undefined
}

export function followReloads(ctx: ServiceContext, cache: SchemaCache): void {
  ctx.notifications?.on('pgrst', (payload) => {
    const reload = reloadFor(payload)
    if (reload === undefined) return
    ctx.log(`[rest] NOTIFY pgrst: reload ${reload}`)
    cache.invalidate()
  })
}
