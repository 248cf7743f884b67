import { BlockList, isIPv4, isIPv6 } from 'node:net'
import type { StackConfig } from '../config.ts'

/**
 * GoTrue's `GetReferrer`: the `redirect_to` the client asked for if it is allowed, else the
 * browser's Referer if that is allowed, else — silently — the site URL.
 */
export function chooseRedirect(
  config: StackConfig['auth'],
  requested: string | undefined,
  referer: string | undefined,
): string {
  if (requested && isRedirectUrlAllowed(config, requested)) return requested
  if (referer && isRedirectUrlAllowed(config, referer)) return referer
  return config.siteUrl
}

/**
 * GoTrue's `IsRedirectURLValid`: the site URL's host (any scheme and port), any loopback IP
 * literal, or a match of an `additional_redirect_urls` glob (compared without the fragment).
 */
export function isRedirectUrlAllowed(config: StackConfig['auth'], redirectUrl: string): boolean {
  if (redirectUrl === '') return false
  const target = parseLikeGo(redirectUrl)
  if (!target) return false
  const site = parseLikeGo(config.siteUrl)
  if (site && site.hostname === target.hostname) return true

  const isHttp = target.scheme === 'http' || target.scheme === 'https'
  if (/^[0-9]+$/.test(target.hostname)) return false
  if (isIpLiteral(target.hostname)) return isLoopback(target.hostname)
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(target.hostname)) return false

  const withoutFragment = redirectUrl.split('#')[0] ?? ''
  return config.additionalRedirectUrls.some((pattern) => globMatches(pattern, withoutFragment))
}

/**
 * The scheme and hostname as Go's `url.Parse` and `URL.Hostname()` see them, or undefined where
 * `url.Parse` fails — unlike WHATWG URL parsing, which would quietly turn `http://2130706433/`
 * into 127.0.0.1, and which browsers use: they read `\\` as `/`, so `http://evil\\@site/` is
 * evil's. Go refuses that userinfo, and so a redirect GoTrue would refuse is refused here.
 */
export function parseLikeGo(raw: string): { scheme: string; hostname: string } | undefined {
  // Control characters (tab, newline, DEL…) anywhere make url.Parse fail.
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return undefined
  }
  const hash = raw.indexOf('#')
  const beforeFragment = hash < 0 ? raw : raw.slice(0, hash)
  if (hash >= 0 && !validEscapes(raw.slice(hash + 1))) return undefined
  if (beforeFragment === '*') return { scheme: '', hostname: '' }

  let scheme = ''
  let rest = beforeFragment
  const schemeMatch = /^[a-zA-Z][a-zA-Z0-9+.-]*:/.exec(beforeFragment)
  if (schemeMatch) {
    scheme = schemeMatch[0].slice(0, -1).toLowerCase()
    rest = beforeFragment.slice(schemeMatch[0].length)
  } else if (beforeFragment.startsWith(':')) {
    return undefined // missing protocol scheme
  }
  const question = rest.indexOf('?')
  if (question >= 0) rest = rest.slice(0, question)

  if (!rest.startsWith('/')) {
    if (scheme !== '') return { scheme, hostname: '' } // opaque, e.g. mailto:x
    const colon = rest.indexOf(':')
    const slash = rest.indexOf('/')
    if (colon >= 0 && (slash < 0 || colon < slash)) return undefined
  }
  let hostname = ''
  let path = rest
  if ((scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    const authorityAndPath = rest.slice(2)
    const slash = authorityAndPath.indexOf('/')
    const authority = slash < 0 ? authorityAndPath : authorityAndPath.slice(0, slash)
    path = slash < 0 ? '' : authorityAndPath.slice(slash)
    const host = parseAuthority(authority)
    if (host === undefined) return undefined
    hostname = hostnameOf(host)
  }
  if (!validEscapes(path)) return undefined
  return { scheme, hostname }
}

/** Go's `parseAuthority`: userinfo (if any) limited to RFC 3986 characters, then the host. */
function parseAuthority(authority: string): string | undefined {
  const at = authority.lastIndexOf('@')
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1))
  if (host === undefined || at < 0) return host
  const userinfo = authority.slice(0, at)
  if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo)) return undefined
  return validEscapes(userinfo) ? host : undefined
}

/** Go's `parseHost`: a bracketed IP literal with an optional port, or a name with one. */
function parseHost(host: string): string | undefined {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']')
    if (close < 0) return undefined
    if (!/^(:\d*)?$/.test(host.slice(close + 1))) return undefined
    const zone = host.slice(0, close).indexOf('%25')
    if (zone >= 0) {
      const left = unescapeHost(host.slice(0, zone))
      const right = unescapeHost(host.slice(close))
      const zoneText = unescapeAny(host.slice(zone, close))
      if (left === undefined || right === undefined || zoneText === undefined) return undefined
      return left + zoneText + right
    }
  } else {
    const colon = host.lastIndexOf(':')
    if (colon >= 0) {
      if (!/^:\d*$/.test(host.slice(colon))) return undefined
      // Go 1.25 refuses more than one colon outside brackets (http://::1/, http://a:1:2/).
      if (host.slice(0, colon).includes(':')) return undefined
    }
  }
  return unescapeHost(host)
}

/**
 * Go's `unescape` in host mode: `%XX` may only encode non-ASCII bytes (or `%25`), and ASCII
 * characters outside the sub-delimiters are refused — a backslash, a space, `%5c` all fail.
 */
function unescapeHost(text: string): string | undefined {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (char === '%') {
      const hex = text.slice(i + 1, i + 3)
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return undefined
      const value = parseInt(hex, 16)
      if (value < 0x80 && hex.toLowerCase() !== '25') return undefined
      bytes.push(value)
      i += 2
    } else if (char.charCodeAt(0) < 0x80) {
      if (!/[A-Za-z0-9!$&'()*+,;=:[\]<>"\-_.~]/.test(char)) return undefined
      bytes.push(char.charCodeAt(0))
    } else {
      bytes.push(...Buffer.from(char))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function unescapeAny(text: string): string | undefined {
  if (!validEscapes(text)) return undefined
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** Every `%` starts a two-digit hex escape, as Go's `unescape` requires. */
function validEscapes(text: string): boolean {
  return !/%(?![0-9a-fA-F]{2})/.test(text)
}

/** Go's `URL.Hostname()`: the host without its port and without IPv6 brackets. */
function hostnameOf(host: string): string {
  let name = host
  const colon = name.lastIndexOf(':')
  if (colon >= 0 && /^:\d*$/.test(name.slice(colon))) name = name.slice(0, colon)
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1)
  return name
}

/** Go's `net.ParseIP`: no IPv6 zone (`%eth0`), no shortened or zero-padded IPv4. */
function isIpLiteral(text: string): boolean {
  return isIPv4(text) || (isIPv6(text) && !text.includes('%'))
}

/** Go's `IP.IsLoopback`: 127.0.0.0/8 (also IPv4-mapped, in any spelling) and ::1. */
function isLoopback(ip: string): boolean {
  if (isIPv4(ip)) return ip.startsWith('127.')
  return LOOPBACK_V6.check(ip, 'ipv6')
}

const LOOPBACK_V6 = new BlockList()
LOOPBACK_V6.addAddress('::1', 'ipv6')
LOOPBACK_V6.addSubnet('::ffff:127.0.0.0', 104, 'ipv6')

const globCache = new Map<string, RegExp>()

/**
 * gobwas/glob with `.` and `/` as separators, as GoTrue compiles `uri_allow_list`: `*` stays
 * within one label or path segment, `**` crosses them, `?` is one non-separator character, plus
 * `[…]`/`[!…]` classes and `{a,b}` alternatives.
 */
export function globMatches(pattern: string, value: string): boolean {
  let regex = globCache.get(pattern)
  if (!regex) {
    try {
      regex = new RegExp(`^${globToRegex(pattern, 0, false).source}$`, 's')
    } catch {
      regex = /$^/
    }
    globCache.set(pattern, regex)
  }
  return regex.test(value)
}

function globToRegex(
  pattern: string,
  start: number,
  insideBraces: boolean,
): { source: string; end: number } {
  let source = ''
  let i = start
  while (i < pattern.length) {
    const char = pattern[i] as string
    if (insideBraces && (char === ',' || char === '}')) return { source, end: i }
    if (char === '\\' && i + 1 < pattern.length) {
      source += escapeRegex(pattern[i + 1] as string)
      i += 2
    } else if (char === '*') {
      if (pattern[i + 1] === '*') {
        source += '.*'
        i += 2
      } else {
        source += '[^./]*'
        i += 1
      }
    } else if (char === '?') {
      source += '[^./]'
      i += 1
    } else if (char === '[') {
      const close = pattern.indexOf(']', i + 2)
      if (close < 0) throw new Error('unclosed character class')
      let body = pattern.slice(i + 1, close)
      const negated = body.startsWith('!')
      if (negated) body = body.slice(1)
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`
      i = close + 1
    } else if (char === '{') {
      const alternatives: string[] = []
      let cursor = i + 1
      for (;;) {
        const part = globToRegex(pattern, cursor, true)
        alternatives.push(part.source)
        if (pattern[part.end] === '}') {
          cursor = part.end + 1
          break
        }
        if (part.end >= pattern.length) throw new Error('unclosed alternatives')
        cursor = part.end + 1
      }
      source += `(?:${alternatives.join('|')})`
      i = cursor
    } else {
      source += escapeRegex(char)
      i += 1
    }
  }
  return { source, end: i }
}

function escapeRegex(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}

/** Splits a URL into the part before `?`, its query and its fragment, keeping them verbatim. */
export function splitUrl(url: string): [string, string, string] {
  const hashAt = url.indexOf('#')
  const beforeFragment = hashAt >= 0 ? url.slice(0, hashAt) : url
  const fragment = hashAt >= 0 ? url.slice(hashAt + 1) : ''
  const queryAt = beforeFragment.indexOf('?')
  if (queryAt < 0) return [beforeFragment, '', fragment]
  return [beforeFragment.slice(0, queryAt), beforeFragment.slice(queryAt + 1), fragment]
}
