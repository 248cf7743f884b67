// The package's one public entry. Everything else under src/ is internal (lint enforces it).
export { exitOnStartFailure, printServerProblems, runCli, statusEnv, stopOnSignals } from './cli.ts'
export { loadConfig, parseConfig, type StackConfig } from './config.ts'
export {
  cliDbUrl,
  freePort,
  runSupabaseCli,
  startDatabase,
  type Database,
  type DatabaseOptions,
} from './database.ts'
export {
  cliPinnedPostgresMetaVersion,
  generateTypes,
  installedPostgresMetaVersion,
  withThrowawayDatabase,
} from './gen-types.ts'
export type { StackKeys } from './keys.ts'
export { startPostgres, type PostgresOptions } from './postgres.ts'
export {
  defaultDataDir,
  PortInUseError,
  startStack,
  type Stack,
  type StackOptions,
} from './stack.ts'
