import { pathToFileURL } from 'node:url'
import { cliDbUrl, runSupabaseCli } from 'local-supabase'
import { withDatabase } from './gen-types.ts'
import { PROJECT_ROOT } from './project.ts'

/**
 * `npm run db:advisors`: Supabase's database advisors (security and performance lints, the same
 * checks the dashboard shows) through the real CLI. Exits non-zero on any WARN or ERROR finding.
 * With DB_URL set it checks that database; otherwise a throwaway local one with the migrations.
 */
export interface AdvisorFinding {
  name: string
  title: string
  level: 'INFO' | 'WARN' | 'ERROR'
  categories: string[]
  detail: string
  remediation: string
}

export async function runAdvisors(dbUrl: string): Promise<AdvisorFinding[]> {
  const stdout = await runSupabaseCli(PROJECT_ROOT, [
    'db',
    'advisors',
    '--db-url',
    cliDbUrl(dbUrl),
    '--type',
    'all',
    '--level',
    'info',
    '--output-format',
    'json',
  ])
  return (JSON.parse(stdout) as { results: AdvisorFinding[] }).results
}

export const isBlocking = (finding: AdvisorFinding) =>
  finding.level === 'WARN' || finding.level === 'ERROR'

export const describeFinding = (finding: AdvisorFinding) =>
  `${finding.level} ${finding.name}: ${finding.detail} (${finding.remediation})`

async function main(): Promise<void> {
  const findings = await withDatabase(process.env.DB_URL, runAdvisors)
  for (const finding of findings) process.stdout.write(`${describeFinding(finding)}\n`)
  const blocking = findings.filter(isBlocking)
  process.stdout.write(
    `${findings.length} finding(s), ${blocking.length} at WARN or ERROR` +
      (blocking.length === 0 ? ': clean.\n' : '.\n'),
  )
  if (blocking.length > 0) process.exit(1)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}
