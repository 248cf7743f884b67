import { loadEnv, createServer } from 'vite'
import {
  exitOnStartFailure,
  printServerProblems,
  startStack,
  statusEnv,
  stopOnSignals,
  type Stack,
} from 'local-supabase'
import { PROJECT_ROOT } from './project.ts'

/**
 * `npm start`: the app on its embedded local backend. With VITE_SUPABASE_URL set (in .env.local or
 * the environment) the app talks to that Supabase instead and no local stack is started.
 */
async function main(): Promise<void> {
  const env = { ...loadEnv('development', process.cwd(), 'VITE_'), ...process.env }
  let stack: Stack | undefined
  if (!env.VITE_SUPABASE_URL) {
    process.stderr.write('Starting the local Supabase stack (Postgres, Auth, REST, Realtime)…\n')
    stack = await startStack({ projectDir: PROJECT_ROOT, log: printServerProblems })
    process.stdout.write(`${statusEnv(stack)}\n`)
  } else {
    process.stderr.write(`Using the Supabase project at ${env.VITE_SUPABASE_URL}\n`)
  }
  const vite = await createServer({ mode: 'development' })
  await vite.listen()
  stopOnSignals(async () => {
    await vite.close()
    await stack?.stop()
  })
  const url = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:3000/'
  process.stdout.write(`\nHCPFast is running at ${url}\nPress Ctrl-C to stop.\n`)
}

main().catch(exitOnStartFailure)
