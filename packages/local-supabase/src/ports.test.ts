import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { restartablePort } from './database.ts'

describe('a port for a server that restarts on it', () => {
  it('is free now and outside the range the kernel hands out by itself', async () => {
    const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(
      () => '49152 65535',
    )
    const ephemeralLow = Number(range.trim().split(/\s+/)[0])
    const port = await restartablePort()
    expect(port).toBeGreaterThanOrEqual(1024)
    expect(port).toBeLessThan(ephemeralLow)
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', resolve)
    })
    await new Promise((resolve) => server.close(resolve))
  })
})
