#!/usr/bin/env node
// The package ships TypeScript sources; tsx compiles them as they load.
import { register } from 'tsx/esm/api'

register()
const { exitOnStartFailure, runCli } = await import('../src/cli.ts')
await runCli(process.argv.slice(2)).catch(exitOnStartFailure)
