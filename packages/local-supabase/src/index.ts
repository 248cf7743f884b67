// The package's public entry: only what code outside the package uses (its scripts, tests and
// benchmarks); the test kit is `local-supabase/testing`. Everything else under src/ is internal
// (lint enforces it).
export { exitOnStartFailure, printServerProblems, statusEnv, stopOnSignals } from './cli.ts'
// What `StackOptions.config` takes: the project's config.toml, read as `supabase start` reads it.
export { loadConfig, type StackConfig } from './config.ts'
export { catalogDifferences, catalogOf, type Catalog } from './catalog.ts'
export {
  diffSchemaFiles,
  GeneratedMigrationError,
  SchemaFileError,
  writeSchemaDiff,
  type SchemaDiff,
} from './db-diff.ts'
export {
  cliDbUrl,
  freePort,
  restartablePort,
  runSupabaseCli,
  startDatabase,
  type Database,
} from './database.ts'
export { generateTypes, withThrowawayDatabase } from './gen-types.ts'
export { startPostgres } from './postgres.ts'
export { startStack, type Stack, type StackOptions } from './stack.ts'
