import { describe, expect, it } from 'vitest'
import type { StackConfig } from '../config.ts'
import { chooseRedirect, isRedirectUrlAllowed, parseLikeGo } from './redirect-urls.ts'

const config = {
  siteUrl: 'http://127.0.0.1:3000',
  additionalRedirectUrls: ['http://localhost:3000/**'],
} as StackConfig['auth']

const allowed = (url: string) => isRedirectUrlAllowed(config, url)

/**
 * The URL-parsing differential family: strings a browser (WHATWG) and Go's `url.Parse` read
 * differently. Wherever Go's parse fails or finds another host, GoTrue refuses the redirect and
 * sends the browser to site_url; so must this stack.
 */
describe('redirect_to as GoTrue (Go url.Parse) reads it', () => {
  it.each([
    // Browsers read `\` as `/`: the host would be evil.example. Go refuses `\` in userinfo.
    ['backslash before @', 'http://evil.example\\@127.0.0.1/auth/callback'],
    ['backslash before @ with port', 'http://evil.example\\@127.0.0.1:3000/auth/callback'],
    ['backslash in the host', 'http://127.0.0.1\\evil.example/'],
    ['escaped backslash in the host', 'http://127.0.0.1%5c.evil.example/'],
    ['escaped slash in the host', 'http://127.0.0.1%2f.evil.example/'],
    ['a tab (browsers drop it)', 'http://127.0.0.1\t.evil.example/'],
    ['a newline (browsers drop it)', 'http://127.0.0.1:3000/\n//evil.example'],
    ['a leading tab', '\thttp://127.0.0.1:3000/'],
    ['DEL', 'http://127.0.0.1:3000/\u007f'],
    ['an ideographic full stop (browsers map it to a dot)', 'http://evil\u3002example/'],
    ['an escaped ideographic full stop', 'http://evil%E3%80%82example/'],
    ['loopback spelt with fullwidth dots', 'http://127\uff0e0\uff0e0\uff0e1/'],
    ['a userinfo that hides the real host', 'http://127.0.0.1:3000@evil.example/'],
    ['user and password before a foreign host', 'http://user:pass@evil.example/'],
    ['the site host as a username', 'http://127.0.0.1@evil.example/auth/callback'],
    ['an IPv6 zone', 'http://[::1%25eth0]/'],
    ['a non-loopback IPv6', 'http://[::2]:3000/'],
    ['an unclosed IPv6 literal', 'http://[::1/'],
    ['junk after an IPv6 literal', 'http://[::1]evil.example/'],
    ['a decimal IP', 'http://2130706433/'],
    ['a hex IP', 'http://0x7f.0.0.1/'],
    ['a short IPv4', 'http://127.1/'],
    ['a zero-padded IPv4', 'http://127.000.000.001/'],
    ['mixed-case scheme to a foreign host', 'HtTpS://evil.example/'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(document.domain)//127.0.0.1:3000'],
    ['a protocol-relative URL', '//evil.example/auth/callback'],
    ['a bad escape in the path', 'http://127.0.0.1:3000/auth%zz/callback'],
    ['a bad escape in the fragment', 'http://127.0.0.1:3000/#%zz'],
    ['no scheme but a colon', ':evil.example'],
    ['an extra colon in the host', 'http://127.0.0.1:3000:80/'],
  ])('refuses %s', (_name, url) => {
    expect(allowed(url)).toBe(false)
    expect(chooseRedirect(config, url, undefined)).toBe(config.siteUrl)
  })

  it.each([
    ['the site itself', 'http://127.0.0.1:3000/auth/callback'],
    ['the site host on another port (GoTrue v2.189 compares hosts only)', 'http://127.0.0.1:5173/'],
    ['a mixed-case scheme on the site host', 'HTTP://127.0.0.1:3000/auth/callback'],
    ['an IPv6 loopback', 'http://[::1]:3000/auth/callback'],
    ['an IPv4-mapped loopback', 'http://[::ffff:7f00:1]/auth/callback'],
    ['another loopback address', 'http://127.0.0.2:3000/'],
    ['a listed glob', 'http://localhost:3000/auth/callback'],
    // Both Go and browsers read the host as 127.0.0.1; %5c stays in the userinfo.
    ['an escaped backslash inside userinfo', 'http://evil.example%5c@127.0.0.1:3000/'],
    ['a space in the path (Go accepts it)', 'http://127.0.0.1:3000/a b'],
    ['a bad escape in the query (Go does not check it)', 'http://127.0.0.1:3000/?x=%zz'],
  ])('allows %s', (_name, url) => {
    expect(allowed(url)).toBe(true)
    expect(chooseRedirect(config, url, undefined)).toBe(url)
  })

  it('falls back to an allowed Referer, then to site_url', () => {
    const evil = 'http://evil.example\\@127.0.0.1/auth/callback'
    expect(chooseRedirect(config, evil, 'http://127.0.0.1:3000/from')).toBe(
      'http://127.0.0.1:3000/from',
    )
    expect(chooseRedirect(config, evil, 'http://evil.example/')).toBe(config.siteUrl)
  })

  it('reads scheme and hostname as Go does', () => {
    expect(parseLikeGo('HTTPS://User@Example.COM:8443/x')).toEqual({
      scheme: 'https',
      hostname: 'Example.COM',
    })
    expect(parseLikeGo('http://[::1]:3000/')).toEqual({ scheme: 'http', hostname: '::1' })
    expect(parseLikeGo('mailto:someone@example.com')).toEqual({ scheme: 'mailto', hostname: '' })
    expect(parseLikeGo('http://a\\@b/')).toBeUndefined()
  })
})
