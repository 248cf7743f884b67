// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { readOAuthCallbackParams } from './callback-params'

describe('readOAuthCallbackParams', () => {
  it('reads the code of a successful sign-in', () => {
    expect(readOAuthCallbackParams({ search: '?code=abc-123', hash: '' })).toEqual({
      code: 'abc-123',
      error: null,
    })
  })

  it('reads a failure from the query', () => {
    expect(
      readOAuthCallbackParams({
        search: '?error=access_denied&error_code=access_denied&error_description=cancelled',
        hash: '',
      }).error,
    ).toBe('access_denied')
  })

  it('reads a failure that is only in the fragment', () => {
    expect(
      readOAuthCallbackParams({ search: '', hash: '#error_description=expired&sb=' }).error,
    ).toBe('expired')
  })

  it('reports neither when the page was opened without them', () => {
    expect(readOAuthCallbackParams({ search: '', hash: '' })).toEqual({ code: null, error: null })
  })
})
