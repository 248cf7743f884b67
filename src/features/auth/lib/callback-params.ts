export interface OAuthCallbackParams {
  code: string | null
  error: string | null
}

/** On failure `error`, `error_code` and `error_description` arrive in the query and the fragment. */
export function readOAuthCallbackParams(location: { search: string; hash: string }) {
  const query = new URLSearchParams(location.search)
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  const error =
    ['error', 'error_code', 'error_description']
      .map((name) => query.get(name) || fragment.get(name))
      .find(Boolean) ?? null
  return { code: query.get('code') || null, error } satisfies OAuthCallbackParams
}
