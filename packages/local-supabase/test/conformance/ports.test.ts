import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PortInUseError, startStack } from '../../src/stack.ts'
import { FIXTURE_DIR } from '../support.ts'

let taken: Server | undefined
let root: string | undefined

afterAll(async () => {
  await new Promise((resolve) => (taken ? taken.close(resolve) : resolve(undefined)))
  if (root) await rm(root, { recursive: true, force: true })
})

describe('a port that is already taken', () => {
  it('is said in one line, before Postgres is started or its data folder made', async () => {
    taken = createServer()
    await new Promise<void>((resolve) => taken?.listen(0, '127.0.0.1', resolve))
    const port = (taken.address() as AddressInfo).port
    root = await mkdtemp(path.join(tmpdir(), 'local-supabase-ports-'))
    const dataDir = path.join(root, 'db')
    const starting = startStack({
      projectDir: FIXTURE_DIR,
      apiPort: port,
      dbPort: 0,
      inboxPort: 0,
      dataDir,
    })
    await expect(starting).rejects.toThrow(PortInUseError)
    await expect(starting).rejects.toThrow(`Port ${port} (API) is already in use`)
    expect(existsSync(dataDir)).toBe(false)
  })
})
