import { postgrestError } from '../errors.ts'

/**
 * The `Prefer` header as PostgREST reads it (PGRST `ApiRequest/Preferences.hs`): every Prefer
 * header is split on commas, each part trimmed; for each preference the first recognised value
 * wins; anything unrecognised is ignored unless `handling=strict` asks for an error.
 */
export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  count?: 'exact' | 'planned' | 'estimated'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  maxAffected?: number
  tx?: 'commit' | 'rollback'
  invalid: string[]
}

const CHOICES = {
  return: ['return=minimal', 'return=representation', 'return=headers-only'],
  resolution: ['resolution=merge-duplicates', 'resolution=ignore-duplicates'],
  count: ['count=exact', 'count=planned', 'count=estimated'],
  missing: ['missing=default', 'missing=null'],
  handling: ['handling=strict', 'handling=lenient'],
  // Honoured only where `pgrst.db_tx_end` allows an override (Supabase does not).
  tx: ['tx=commit', 'tx=rollback'],
} as const

const RECOGNISED = new Set<string>(Object.values(CHOICES).flat())

export function parsePreferences(header: string | null | undefined): Preferences {
  const parts = (header ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  const first = <K extends keyof typeof CHOICES>(key: K) => {
    const found = parts.find((part) => (CHOICES[key] as readonly string[]).includes(part))
    return found?.slice(found.indexOf('=') + 1)
  }
  const maxAffected = parts.find((part) => part.startsWith('max-affected='))?.slice(13)
  const preferences: Preferences = {
    invalid: parts.filter((part) => !RECOGNISED.has(part) && !part.startsWith('max-affected=')),
  }
  const returnValue = first('return')
  if (returnValue) preferences.return = returnValue as Preferences['return']
  const resolution = first('resolution')
  if (resolution) preferences.resolution = resolution as Preferences['resolution']
  const count = first('count')
  if (count) preferences.count = count as Preferences['count']
  const missing = first('missing')
  if (missing) preferences.missing = missing as Preferences['missing']
  const tx = first('tx')
  if (tx) preferences.tx = tx as Preferences['tx']
  const handling = first('handling')
  if (handling) preferences.handling = handling as Preferences['handling']
  if (maxAffected !== undefined && /^\d+$/.test(maxAffected)) {
    preferences.maxAffected = Number(maxAffected)
  }
  return preferences
}

/** `handling=strict` turns unrecognised preferences into PGRST122. */
export function assertStrictPreferences(preferences: Preferences): void {
  if (preferences.handling === 'strict' && preferences.invalid.length > 0) {
    throw postgrestError(400, {
      code: 'PGRST122',
      details: `Invalid preferences: ${preferences.invalid.join(', ')}`,
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    })
  }
}

/** The `Preference-Applied` header PostgREST sends for the preferences it honoured. */
export function appliedPreferences(
  preferences: Preferences,
  applicable: { resolution?: boolean; missing?: boolean; return?: boolean; tx?: boolean },
): string | undefined {
  const applied = [
    applicable.resolution && preferences.resolution && `resolution=${preferences.resolution}`,
    applicable.missing && preferences.missing && `missing=${preferences.missing}`,
    applicable.return && preferences.return && `return=${preferences.return}`,
    preferences.count && `count=${preferences.count}`,
    applicable.tx && preferences.tx && `tx=${preferences.tx}`,
    preferences.handling && `handling=${preferences.handling}`,
    preferences.handling === 'strict' &&
      preferences.maxAffected !== undefined &&
      `max-affected=${preferences.maxAffected}`,
  ].filter((value): value is string => typeof value === 'string')
  return applied.length > 0 ? applied.join(', ') : undefined
}
