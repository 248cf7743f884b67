// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  checkReachable,
  ConfigError,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_URL,
  readConfig,
} from './env'

describe('readConfig', () => {
  it('uses the local stack in development when nothing is set', () => {
    expect(readConfig({}, false)).toEqual({
      supabaseUrl: LOCAL_SUPABASE_URL,
      supabaseKey: LOCAL_PUBLISHABLE_KEY,
    })
  })

  it('refuses a production build with nothing set, naming both variables', () => {
    expect(() => readConfig({}, true)).toThrow(ConfigError)
    expect(() => readConfig({ VITE_SUPABASE_URL: '  ' }, true)).toThrow(
      /VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY \(or VITE_SUPABASE_ANON_KEY\)/,
    )
  })

  it('uses the given project and publishable key', () => {
    expect(
      readConfig(
        {
          VITE_SUPABASE_URL: 'https://abc.supabase.co/',
          VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
        },
        true,
      ),
    ).toEqual({ supabaseUrl: 'https://abc.supabase.co', supabaseKey: 'sb_publishable_x' })
  })

  it('accepts the legacy anon key name, the publishable key winning when both are set', () => {
    const url = 'https://abc.supabase.co'
    expect(readConfig({ VITE_SUPABASE_URL: url, VITE_SUPABASE_ANON_KEY: 'anon' }, true)).toEqual({
      supabaseUrl: url,
      supabaseKey: 'anon',
    })
    expect(
      readConfig(
        {
          VITE_SUPABASE_URL: url,
          VITE_SUPABASE_ANON_KEY: 'anon',
          VITE_SUPABASE_PUBLISHABLE_KEY: 'pk',
        },
        true,
      ).supabaseKey,
    ).toBe('pk')
  })

  it('names the missing half of a half-done configuration, even in development', () => {
    expect(() => readConfig({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, false)).toThrow(
      /VITE_SUPABASE_URL is set but VITE_SUPABASE_PUBLISHABLE_KEY/,
    )
    expect(() => readConfig({ VITE_SUPABASE_ANON_KEY: 'anon' }, false)).toThrow(
      /VITE_SUPABASE_URL is not/,
    )
  })

  it('refuses a URL that is not http(s)', () => {
    expect(() =>
      readConfig({ VITE_SUPABASE_URL: 'not a url', VITE_SUPABASE_ANON_KEY: 'k' }, false),
    ).toThrow(/not a URL/)
    expect(() =>
      readConfig({ VITE_SUPABASE_URL: 'ftp://example.com', VITE_SUPABASE_ANON_KEY: 'k' }, false),
    ).toThrow(/must be http/)
  })
})

describe('checkReachable', () => {
  const local = { supabaseUrl: LOCAL_SUPABASE_URL, supabaseKey: LOCAL_PUBLISHABLE_KEY }

  it('lets a build on the local stack run in a browser on the same machine', () => {
    expect(checkReachable(local, '127.0.0.1')).toEqual(local)
    expect(checkReachable(local, 'localhost')).toEqual(local)
  })

  it('refuses a build on the local stack served from another host, naming what to set', () => {
    expect(() => checkReachable(local, 'hcpfast.example')).toThrow(ConfigError)
    expect(() => checkReachable(local, '192.168.1.20')).toThrow(
      /only this machine can reach; set VITE_SUPABASE_URL and VITE_SUPABASE_PUBLISHABLE_KEY/,
    )
  })

  it('lets a build on a project run anywhere', () => {
    const project = { supabaseUrl: 'https://abc.supabase.co', supabaseKey: 'sb_publishable_x' }
    expect(checkReachable(project, 'hcpfast.example')).toEqual(project)
  })
})
