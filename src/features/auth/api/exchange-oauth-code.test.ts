// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { supabase } from '@/lib/supabase'
import { exchangeOAuthCode } from './exchange-oauth-code'

vi.mock('@/lib/supabase', () => ({
  supabase: { auth: { exchangeCodeForSession: vi.fn() } },
}))

describe('exchangeOAuthCode', () => {
  it('spends a code once however often it is asked', async () => {
    const exchange = vi.mocked(supabase.auth.exchangeCodeForSession)
    exchange.mockResolvedValue({ data: {}, error: null } as never)
    await Promise.all([exchangeOAuthCode('code-1'), exchangeOAuthCode('code-1')])
    await exchangeOAuthCode('code-1')
    expect(exchange).toHaveBeenCalledTimes(1)
    expect(exchange).toHaveBeenCalledWith('code-1')
  })

  it('rejects when Supabase Auth refuses the code', async () => {
    vi.mocked(supabase.auth.exchangeCodeForSession).mockResolvedValue({
      data: { user: null, session: null },
      error: new Error('invalid flow state'),
    } as never)
    await expect(exchangeOAuthCode('code-2')).rejects.toThrow('invalid flow state')
  })
})
