export interface OAuthCallbackParams {
  code: string | null
  /** Set when the provider or Supabase Auth reported a failure (cancelled, denied, expired…). */
  error: string | null
}

/**
 * Reads the OAuth redirect: on success Supabase Auth adds only `?code=`; on failure `error`,
 * `error_code` and `error_description` arrive in the query and in the fragment.
 */
export function readOAuthCallbackParams(location: { search: string; hash: string }) {
  const query = new URLSearchParams(location.search)
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  const error =
    ['error', 'error_code', 'error_description']
      .map((name) => query.get(name) || fragment.get(name))
      .find(Boolean) ?? null
  return { code: query.get('code') || null, error } satisfies OAuthCallbackParams
}
