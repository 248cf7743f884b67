import { isIPv4, isIPv6 } from 'node:net'
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
  if (isIPv4(target.hostname) || isIPv6(target.hostname)) return isLoopback(target.hostname)
  if (isHttp && !/^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/.test(target.hostname)) return false

  const withoutFragment = redirectUrl.split('#')[0] ?? ''
  return config.additionalRedirectUrls.some((pattern) => globMatches(pattern, withoutFragment))
}

/**
 * The scheme and hostname as Go's `url.Parse` and `URL.Hostname()` see them — unlike WHATWG URL
 * parsing, which would quietly turn `http://2130706433/` into 127.0.0.1.
 */
function parseLikeGo(raw: string): { scheme: string; hostname: string } | undefined {
  for (const char of raw) {
    const code = char.charCodeAt(0)
    if (code <= 0x20 || code === 0x7f) return undefined
  }
  const schemeMatch = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(raw)
  const scheme = schemeMatch?.[1]?.toLowerCase() ?? ''
  const rest = schemeMatch ? raw.slice(schemeMatch[0].length) : raw
  if (!rest.startsWith('//')) return { scheme, hostname: '' }
  const authority = rest.slice(2).split(/[/?#]/)[0] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  if (host.startsWith('[')) {
    const end = host.indexOf(']')
    if (end < 0) return undefined
    const port = host.slice(end + 1)
    if (port !== '' && !/^:\d*$/.test(port)) return undefined
    return { scheme, hostname: host.slice(1, end) }
  }
  const colon = host.lastIndexOf(':')
  if (colon >= 0 && !/^\d*$/.test(host.slice(colon + 1))) return undefined
  return { scheme, hostname: colon >= 0 ? host.slice(0, colon) : host }
}

function isLoopback(ip: string): boolean {
  if (isIPv4(ip)) return ip.startsWith('127.')
  const lower = ip.toLowerCase()
  if (lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true
  const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  return mapped?.[1] !== undefined && mapped[1].startsWith('127.')
}

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
