import { describe, expect, it } from 'vitest'
import { reloadFor } from './reload-notifications.ts'

describe('reloadFor', () => {
  it("reads PostgREST's NOTIFY pgrst payloads", () => {
    expect(reloadFor('')).toBe('schema')
    expect(reloadFor('reload schema')).toBe('schema')
    expect(reloadFor('reload config')).toBe('config')
    expect(reloadFor('something else')).toBeUndefined()
  })
})
