import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

describe('loading the embedded Postgres', () => {
  it("keeps the process's exit code, so a failed test run still fails", () => {
    // A child process, because the hook in question acts when the whole process ends.
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(path.join(import.meta.dirname, 'postgres.ts'))}); process.exitCode = 3`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    )
    expect(child.stderr).toBe('')
    expect(child.status).toBe(3)
  })
})
