import { expectRow, query, queryOne, rfc3339, type Queryable } from './db.ts'
import { authError } from './errors.ts'

/** GoTrue keeps a single instance: every row it writes has the nil instance id. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000'

export type Metadata = Record<string, unknown>

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: string | null
  invited_at: string | null
  phone: string | null
  phone_confirmed_at: string | null
  confirmation_sent_at: string | null
  confirmed_at: string | null
  recovery_sent_at: string | null
  email_change: string | null
  email_change_sent_at: string | null
  phone_change: string | null
  phone_change_sent_at: string | null
  reauthentication_sent_at: string | null
  last_sign_in_at: string | null
  raw_app_meta_data: Metadata | null
  raw_user_meta_data: Metadata | null
  created_at: string | null
  updated_at: string | null
  banned_until: string | null
  deleted_at: string | null
  is_anonymous: boolean
  is_sso_user: boolean
  is_banned: boolean
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Metadata | null
  provider: string
  last_sign_in_at: string | null
  created_at: string | null
  updated_at: string | null
  email: string | null
}

/** A user with its identities, as GoTrue's `User` model is loaded (eagerly). */
export interface User {
  row: UserRow
  identities: IdentityRow[]
}

const USER_COLUMNS = `
  id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, phone,
  phone_confirmed_at, confirmation_sent_at, confirmed_at, recovery_sent_at, email_change,
  email_change_sent_at, phone_change, phone_change_sent_at, reauthentication_sent_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until,
  deleted_at, is_anonymous, is_sso_user,
  coalesce(banned_until > now(), false) as is_banned`

const IDENTITY_COLUMNS = `
  id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email`

async function withIdentities(db: Queryable, row: UserRow | undefined) {
  if (!row) return undefined
  const identities = await query<IdentityRow>(
    db,
    `select ${IDENTITY_COLUMNS} from identities where user_id = $1 order by created_at, id`,
    [row.id],
  )
  return { row, identities } satisfies User
}

export async function findUserById(
  db: Queryable,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<User | undefined> {
  const lock = options.forUpdate ? ' for update' : ''
  const row = await queryOne<UserRow>(
    db,
    `select ${USER_COLUMNS} from users where instance_id = $1 and id = $2${lock}`,
    [NIL_UUID, id],
  )
  return withIdentities(db, row)
}

/** GoTrue's `FindUsersInAudience` (newest first) and how many users the audience has. */
export async function listUsersInAudience(
  db: Queryable,
  aud: string,
  limit: number,
  offset: number,
): Promise<{ users: User[]; count: number }> {
  const rows = await query<UserRow>(
    db,
    `select ${USER_COLUMNS} from users where instance_id = $1 and aud = $2
      order by created_at desc, id desc limit $3 offset $4`,
    [NIL_UUID, aud, limit, offset],
  )
  const total = await queryOne<{ count: string }>(
    db,
    'select count(*) as count from users where instance_id = $1 and aud = $2',
    [NIL_UUID, aud],
  )
  const users: User[] = []
  for (const row of rows) {
    const user = await withIdentities(db, row)
    if (user) users.push(user)
  }
  return { users, count: Number(total?.count ?? 0) }
}

/** GoTrue's `FindUserByEmailAndAudience`. */
export async function findUserByEmail(
  db: Queryable,
  email: string,
  aud: string,
): Promise<User | undefined> {
  const row = await queryOne<UserRow>(
    db,
    `select ${USER_COLUMNS} from users
      where instance_id = $1 and lower(email) = $2 and aud = $3 and is_sso_user = false
      limit 1`,
    [NIL_UUID, email.toLowerCase(), aud],
  )
  return withIdentities(db, row)
}

/**
 * GoTrue's `IsDuplicatedEmail`: a user that already owns the address through any identity (in
 * the default linking domain), or through its own email column.
 */
export async function findUserOwningEmail(
  db: Queryable,
  email: string,
  aud: string,
): Promise<User | undefined> {
  const owners = await query<{ user_id: string }>(
    db,
    `select distinct user_id from identities where email = $1 and provider not like 'sso:%'`,
    [email.toLowerCase()],
  )
  for (const { user_id: userId } of owners) {
    const user = await findUserById(db, userId)
    if (user && user.row.aud === aud) return user
  }
  return findUserByEmail(db, email, aud)
}

export interface NewUser {
  email: string
  encryptedPassword: string | null
  aud: string
  appMetadata: Metadata
  userMetadata: Metadata
}

export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    `insert into users (
       instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
       email_change, created_at, updated_at, is_sso_user, is_anonymous)
     values ($1, gen_random_uuid(), $2, '', $3, $4, $5::jsonb, $6::jsonb, '', '', '', '',
       now(), now(), false, false)
     returning id`,
    [
      NIL_UUID,
      user.aud,
      user.email.toLowerCase(),
      user.encryptedPassword,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
    ],
  )
  const { id } = expectRow(row, 'insert into users')
  // GoTrue creates the row, then sets the role in a second statement (`SetRole`).
  await query(db, `update users set role = $2, updated_at = now() where id = $1`, [
    id,
    'authenticated',
  ])
  return id
}

export async function insertIdentity(
  db: Queryable,
  userId: string,
  provider: string,
  identityData: Metadata,
): Promise<void> {
  const data = { ...identityData }
  if (typeof data.email === 'string') data.email = data.email.toLowerCase()
  await query(
    db,
    `insert into identities (
       provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [String(data.sub), userId, JSON.stringify(data), provider],
  )
}

/** GoTrue's `UpdateUserMetaData`: a shallow merge where null deletes a key. */
export function mergeMetadata(current: Metadata | null, updates: Metadata): Metadata {
  const merged = new Map(Object.entries(current ?? {}))
  for (const [key, value] of Object.entries(updates)) {
    if (value === null || value === undefined) merged.delete(key)
    else merged.set(key, value)
  }
  return Object.fromEntries(merged)
}

export async function setUserMetadata(
  db: Queryable,
  userId: string,
  metadata: Metadata,
): Promise<void> {
  await query(
    db,
    `update users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(metadata)],
  )
}

/** GoTrue's `UpdateAppMetaDataProviders`: providers in identity creation order; the first wins. */
export async function refreshProviders(db: Queryable, userId: string): Promise<void> {
  const rows = await query<{ provider: string }>(
    db,
    `select provider from identities where user_id = $1 order by created_at, id`,
    [userId],
  )
  const providers = [...new Set(rows.map((row) => row.provider))]
  const updates: Metadata = { providers }
  if (providers.length > 0) updates.provider = providers[0]
  await query(
    db,
    `update users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb,
       updated_at = now()
     where id = $1`,
    [userId, JSON.stringify(updates)],
  )
}

/** GoTrue's `Confirm`: stamp the email as confirmed and mark it verified in user_metadata. */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await query(
    db,
    `update users
        set confirmation_token = '', email_confirmed_at = now(), updated_at = now(),
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
              || '{"email_verified": true}'::jsonb
      where id = $1`,
    [userId],
  )
}

/**
 * GoTrue's `RemoveUnconfirmedIdentities`: an unconfirmed account keeps only the identity that
 * is authenticating now, takes its metadata, and loses its password unless that identity is the
 * email one — so nobody who registered an address first can wait for its owner to sign in.
 */
export async function keepOnlyIdentity(
  db: Queryable,
  userId: string,
  identity: { provider: string; providerId: string; data: Metadata },
): Promise<void> {
  if (identity.provider !== 'email' && identity.provider !== 'phone') {
    await query(
      db,
      `update users set encrypted_password = null, updated_at = now() where id = $1`,
      [userId],
    )
  }
  await setUserMetadata(db, userId, identity.data)
  await query(
    db,
    `delete from identities where user_id = $1 and not (provider = $2 and provider_id = $3)`,
    [userId, identity.provider, identity.providerId],
  )
  await refreshProviders(db, userId)
}

/** The User JSON of GoTrue (`models.User`), fields in its order, `omitempty` ones left out. */
export function userJson(user: User): Record<string, unknown> {
  const { row } = user
  const json: Record<string, unknown> = {
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
  }
  const optional = (key: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') json[key] = value
  }
  optional('email_confirmed_at', rfc3339(row.email_confirmed_at))
  optional('invited_at', rfc3339(row.invited_at))
  json.phone = row.phone ?? ''
  optional('phone_confirmed_at', rfc3339(row.phone_confirmed_at))
  optional('confirmation_sent_at', rfc3339(row.confirmation_sent_at))
  optional('confirmed_at', rfc3339(row.confirmed_at))
  optional('recovery_sent_at', rfc3339(row.recovery_sent_at))
  optional('new_email', row.email_change)
  optional('email_change_sent_at', rfc3339(row.email_change_sent_at))
  optional('new_phone', row.phone_change)
  optional('phone_change_sent_at', rfc3339(row.phone_change_sent_at))
  optional('reauthentication_sent_at', rfc3339(row.reauthentication_sent_at))
  optional('last_sign_in_at', rfc3339(row.last_sign_in_at))
  json.app_metadata = row.raw_app_meta_data ?? {}
  json.user_metadata = row.raw_user_meta_data ?? {}
  json.identities = user.identities.map(identityJson)
  json.created_at = rfc3339(row.created_at)
  json.updated_at = rfc3339(row.updated_at)
  optional('banned_until', rfc3339(row.banned_until))
  optional('deleted_at', rfc3339(row.deleted_at))
  json.is_anonymous = row.is_anonymous
  return json
}

/** GoTrue's Identity JSON: `identity_id` is the row id and `id` the provider's subject. */
export function identityJson(identity: IdentityRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
  }
  if (identity.identity_data && Object.keys(identity.identity_data).length > 0) {
    json.identity_data = identity.identity_data
  }
  json.provider = identity.provider
  const lastSignIn = rfc3339(identity.last_sign_in_at)
  if (lastSignIn) json.last_sign_in_at = lastSignIn
  json.created_at = rfc3339(identity.created_at)
  json.updated_at = rfc3339(identity.updated_at)
  if (identity.email) json.email = identity.email
  return json
}

/** Columns of auth.users that never leave the service (tokens and confirmation state). */
export interface UserSecrets {
  confirmation_token: string | null
  recovery_token: string | null
  email_change_token_new: string | null
  email_change_token_current: string | null
  email_change_confirm_status: number | null
  reauthentication_token: string | null
}

export async function userSecrets(db: Queryable, userId: string): Promise<UserSecrets> {
  const row = await queryOne<UserSecrets>(
    db,
    `select confirmation_token, recovery_token, email_change_token_new, email_change_token_current,
            email_change_confirm_status, reauthentication_token
       from users where id = $1`,
    [userId],
  )
  if (!row) throw authError(500, 'unexpected_failure', 'Database error finding user')
  return row
}
