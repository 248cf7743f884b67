import { createHash, timingSafeEqual } from 'node:crypto'
import { expectRow, query, queryOne, type Queryable } from './db.ts'
import { authError } from './errors.ts'

/** GoTrue's `FlowStateExpiryDuration` default; it cannot be configured lower. */
export const FLOW_STATE_EXPIRY_SECONDS = 300

export interface FlowState {
  id: string
  user_id: string | null
  auth_code: string | null
  code_challenge: string | null
  code_challenge_method: 's256' | 'plain' | null
  provider_type: string
  provider_access_token: string | null
  provider_refresh_token: string | null
  authentication_method: string
  referrer: string | null
  expired: boolean
}

const COLUMNS = `id, user_id, auth_code, code_challenge, code_challenge_method::text,
  provider_type, provider_access_token, provider_refresh_token, authentication_method, referrer,
  created_at + interval '${FLOW_STATE_EXPIRY_SECONDS} seconds' < now() as expired`

/**
 * GoTrue's `NewFlowState`: every OAuth start gets one (its id is the `state` sent to the
 * provider); PKCE flows also get an auth code and the challenge to check the verifier against.
 */
export async function createFlowState(
  db: Queryable,
  flow: {
    providerType: string
    authenticationMethod: string
    codeChallenge: string
    codeChallengeMethod: string
    referrer: string
  },
): Promise<FlowState> {
  let method: 's256' | 'plain' | null = null
  if (flow.codeChallenge !== '') {
    const normalised = flow.codeChallengeMethod.toLowerCase()
    if (normalised !== 's256' && normalised !== 'plain') {
      throw authError(400, 'validation_failed', 'Invalid code_challenge_method')
    }
    method = normalised
  }
  const row = await queryOne<FlowState>(
    db,
    `insert into flow_state (id, auth_code, code_challenge, code_challenge_method, provider_type,
       authentication_method, referrer, created_at, updated_at)
     values (gen_random_uuid(), case when $1::text is null then null else gen_random_uuid()::text end,
       $1, $2::code_challenge_method, $3, $4, $5, now(), now())
     returning ${COLUMNS}`,
    [
      method ? flow.codeChallenge : null,
      method,
      flow.providerType,
      flow.authenticationMethod,
      flow.referrer || null,
    ],
  )
  return expectRow(row, 'insert into flow_state')
}

export function isPkce(flow: FlowState): boolean {
  return Boolean(flow.code_challenge)
}

export async function findFlowStateById(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<FlowState | undefined> {
  const lock = options.forUpdate ? ' for update' : ''
  return queryOne<FlowState>(db, `select ${COLUMNS} from flow_state where id = $1${lock}`, [id])
}

export async function findFlowStateByAuthCode(
  db: Queryable,
  authCode: string,
): Promise<FlowState | undefined> {
  return queryOne<FlowState>(
    db,
    `select ${COLUMNS} from flow_state where auth_code = $1 limit 1 for update`,
    [authCode],
  )
}

/** Records who signed in and what the provider gave, so the code can be exchanged. */
export async function completeFlowState(
  db: Queryable,
  id: string,
  outcome: { userId: string; providerAccessToken: string; providerRefreshToken: string },
): Promise<void> {
  await query(
    db,
    `update flow_state
        set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
            auth_code_issued_at = now(), updated_at = now()
      where id = $1`,
    [id, outcome.userId, outcome.providerAccessToken, outcome.providerRefreshToken],
  )
}

export async function deleteFlowState(db: Queryable, id: string): Promise<void> {
  await query(db, 'delete from flow_state where id = $1', [id])
}

/** RFC 7636 verification as GoTrue does it (`VerifyPKCEChallenge`), in constant time. */
export function verifyPkce(flow: FlowState, codeVerifier: string): void {
  const mismatch = () =>
    authError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    )
  if (!flow.code_challenge) {
    throw authError(400, 'bad_code_verifier', 'PKCE verification not applicable for implicit flow')
  }
  const expected =
    flow.code_challenge_method === 'plain'
      ? codeVerifier
      : createHash('sha256').update(codeVerifier).digest('base64url')
  const a = Buffer.from(expected)
  const b = Buffer.from(flow.code_challenge)
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw mismatch()
}

/** GoTrue's `generateFlowState` for an email flow: a PKCE auth code bound to the user. */
export async function createEmailFlowState(
  db: Queryable,
  flow: {
    userId: string
    method: string
    codeChallenge: string
    codeChallengeMethod: string
  },
): Promise<void> {
  const method = flow.codeChallengeMethod.toLowerCase()
  if (method !== 's256' && method !== 'plain') {
    throw authError(400, 'validation_failed', 'Invalid code_challenge_method')
  }
  await query(
    db,
    `insert into flow_state (id, user_id, auth_code, code_challenge, code_challenge_method,
       provider_type, authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3::code_challenge_method, $4, $4,
       now(), now())`,
    [flow.userId, flow.codeChallenge, method, flow.method],
  )
}
