import { describe, expect, it } from 'vitest'
import { ApiError } from '../../errors.ts'
import { appliedPreferences, assertStrictPreferences, parsePreferences } from './preferences.ts'

describe('Prefer', () => {
  it('reads the values postgrest-js appends, however they are joined', () => {
    expect(
      parsePreferences(
        'resolution=merge-duplicates, return=representation,count=exact,missing=default',
      ),
    ).toEqual({
      resolution: 'merge-duplicates',
      return: 'representation',
      count: 'exact',
      missing: 'default',
      invalid: [],
    })
    expect(parsePreferences(undefined)).toEqual({ invalid: [] })
  })

  it('keeps the first value of a preference given twice', () => {
    expect(parsePreferences('return=minimal, return=representation').return).toBe('minimal')
  })

  it('ignores unknown preferences unless handling=strict', () => {
    const lenient = parsePreferences('return=minimal, shout=loud')
    expect(lenient.invalid).toEqual(['shout=loud'])
    expect(() => assertStrictPreferences(lenient)).not.toThrow()
    const strict = parsePreferences('handling=strict, shout=loud, max-affected=5')
    expect(strict.maxAffected).toBe(5)
    let error: unknown
    try {
      assertStrictPreferences(strict)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).body.code).toBe('PGRST122')
  })

  it('names only the applicable preferences in Preference-Applied', () => {
    const preferences = parsePreferences(
      'resolution=ignore-duplicates, return=representation, count=exact',
    )
    expect(appliedPreferences(preferences, { resolution: true, return: true })).toBe(
      'resolution=ignore-duplicates, return=representation, count=exact',
    )
    expect(appliedPreferences(preferences, {})).toBe('count=exact')
    expect(appliedPreferences(parsePreferences(''), {})).toBeUndefined()
  })
})
