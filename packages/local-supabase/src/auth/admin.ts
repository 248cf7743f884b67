import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { ServiceContext } from '../context.ts'
import { hashPassword } from './crypto.ts'
import { inTransaction, isUniqueViolation, query, type Queryable } from './db.ts'
import { authError } from './errors.ts'
import { verifyAccessToken } from './tokens.ts'
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  listUsersInAudience,
  mergeMetadata,
  setUserMetadata,
  userJson,
  type Metadata,
  type User,
} from './users.ts'
import {
  assertStrongPassword,
  isUuid,
  objectField,
  readJsonBody,
  requestAudience,
  stringField,
  validateEmail,
} from './validation.ts'

/**
 * GoTrue's `admin.go`, the user part of the admin API that `supabase start` always serves:
 * create, list, read and delete users. Every route first passes `requireAdmin`.
 */

/** `requireAdmin`: a Bearer JWT signed with the project secret whose role is an admin role. */
export async function requireAdmin(c: Context, ctx: ServiceContext): Promise<void> {
  const match = /^bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')
  if (!match?.[1]) {
    throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  }
  const claims = await verifyAccessToken(match[1], ctx.keys.jwtSecret)
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw authError(403, 'not_admin', 'User not allowed')
  }
}

/** `loadUser`: the user in the path. */
async function loadUser(c: Context, db: Queryable): Promise<User> {
  const id = c.req.param('user_id') ?? ''
  if (!isUuid(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID')
  const user = await findUserById(db, id)
  if (!user) throw authError(404, 'user_not_found', 'User not found')
  return user
}

/** POST /admin/users — `adminUserCreate` for an email user. */
export async function adminCreateUser(c: Context, ctx: ServiceContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const body = await readJsonBody(c, 'AdminUserParams')
  const rawEmail = stringField(body, 'email', 'AdminUserParams')
  const phone = stringField(body, 'phone', 'AdminUserParams')
  const password = stringField(body, 'password', 'AdminUserParams')
  const userMetadata = objectField(body, 'user_metadata', 'AdminUserParams') as Metadata
  const appMetadata = objectField(body, 'app_metadata', 'AdminUserParams') as Metadata
  const aud = stringField(body, 'aud', 'AdminUserParams') || requestAudience(c)
  if (rawEmail === '' && phone === '') {
    throw authError(
      400,
      'validation_failed',
      'Cannot create a user without either an email or phone',
    )
  }
  if (phone !== '') throw authError(400, 'phone_provider_disabled', 'Phone signups are disabled')
  const email = validateEmail(rawEmail)
  const encryptedPassword = await hashPassword(
    password || randomBytes(32).toString('base64url'),
    ctx.passwordHashCost,
  )
  const user = await inTransaction(ctx.authDb, async (client) => {
    if (await findUserByEmail(client, email, aud)) throw emailExists()
    let id: string
    try {
      id = await insertUser(client, {
        email,
        encryptedPassword,
        aud,
        appMetadata: mergeMetadata({ provider: 'email', providers: ['email'] }, appMetadata),
        userMetadata,
      })
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_partial_key')) throw emailExists()
      throw error
    }
    const confirmed = body.email_confirm === true
    await insertIdentity(client, id, 'email', {
      sub: id,
      email,
      email_verified: confirmed,
      phone_verified: false,
    })
    if (confirmed) await confirmEmail(client, id)
    return findUserById(client, id)
  })
  if (!user) throw authError(500, 'unexpected_failure', 'Database error loading user')
  return c.json(userJson(user))
}

export const emailExists = () =>
  authError(422, 'email_exists', 'A user with this email address has already been registered')

/** GET /admin/users — `adminUsers` with `paginate`: newest first, `page` and `per_page`. */
export async function adminListUsers(c: Context, ctx: ServiceContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const page = pageParam(c.req.query('page'), 1)
  const perPage = pageParam(c.req.query('per_page'), 50)
  const aud = requestAudience(c)
  const { users, count } = await listUsersInAudience(ctx.authDb, aud, perPage, (page - 1) * perPage)
  const totalPages = perPage === 0 ? 0 : Math.ceil(count / perPage)
  const url = new URL(c.req.url)
  const link: string[] = []
  if (totalPages > page) {
    url.searchParams.set('page', String(page + 1))
    link.push(`<${url.pathname}${url.search}>; rel="next"`)
  }
  url.searchParams.set('page', String(totalPages))
  link.push(`<${url.pathname}${url.search}>; rel="last"`)
  c.header('Link', link.join(', '))
  c.header('X-Total-Count', String(count))
  return c.json({ users: users.map(userJson), aud })
}

/** Go's `strconv.ParseUint`, as `paginate` reports it. */
function pageParam(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  if (!/^[0-9]+$/.test(value)) {
    throw authError(
      400,
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    )
  }
  return Number(value)
}

/** GET /admin/users/{user_id} — `adminUserGet`. */
export async function adminGetUser(c: Context, ctx: ServiceContext): Promise<Response> {
  await requireAdmin(c, ctx)
  return c.json(userJson(await loadUser(c, ctx.authDb)))
}

/** PUT /admin/users/{user_id} — `adminUserUpdate` for email, password, confirmation, metadata. */
export async function adminUpdateUser(c: Context, ctx: ServiceContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const user = await loadUser(c, ctx.authDb)
  const body = await readJsonBody(c, 'AdminUserParams')
  const rawEmail = stringField(body, 'email', 'AdminUserParams')
  const email = rawEmail === '' ? '' : validateEmail(rawEmail)
  const password = typeof body.password === 'string' ? body.password : undefined
  if (password !== undefined) assertStrongPassword(password, ctx.config.auth)
  const encryptedPassword =
    password === undefined ? undefined : await hashPassword(password, ctx.passwordHashCost)
  const emailConfirm = body.email_confirm === true
  const userMetadata = objectField(body, 'user_metadata', 'AdminUserParams') as Metadata
  const appMetadata = objectField(body, 'app_metadata', 'AdminUserParams') as Metadata
  const id = user.row.id
  const updated = await inTransaction(ctx.authDb, async (client) => {
    if (emailConfirm) await confirmEmail(client, id)
    if (encryptedPassword !== undefined) {
      await query(
        client,
        'update users set encrypted_password = $2, updated_at = now() where id = $1',
        [id, encryptedPassword],
      )
    }
    if (email !== '') {
      const identityData = { email, email_verified: emailConfirm }
      const changed = await query<{ id: string }>(
        client,
        `update identities set identity_data = identity_data || $2::jsonb, updated_at = now()
          where user_id = $1 and provider = 'email' returning id`,
        [id, JSON.stringify(identityData)],
      )
      if (changed.length === 0) {
        await insertIdentity(client, id, 'email', {
          sub: id,
          ...identityData,
          phone_verified: false,
        })
      }
      await query(client, 'update users set email = $2, updated_at = now() where id = $1', [
        id,
        email,
      ])
    }
    // Confirming wrote email_verified into user_metadata; the merge starts from that.
    const current = (await findUserById(client, id))?.row ?? user.row
    if (Object.keys(userMetadata).length > 0) {
      await setUserMetadata(client, id, mergeMetadata(current.raw_user_meta_data, userMetadata))
    }
    if (Object.keys(appMetadata).length > 0) {
      await query(
        client,
        'update users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1',
        [id, JSON.stringify(mergeMetadata(current.raw_app_meta_data, appMetadata))],
      )
    }
    return findUserById(client, id)
  })
  if (!updated) throw authError(500, 'unexpected_failure', 'Database error loading user')
  return c.json(userJson(updated))
}

/** DELETE /admin/users/{user_id} — `adminUserDelete`, the hard delete (no `should_soft_delete`). */
export async function adminDeleteUser(c: Context, ctx: ServiceContext): Promise<Response> {
  await requireAdmin(c, ctx)
  const user = await loadUser(c, ctx.authDb)
  await query(ctx.authDb, 'delete from users where id = $1', [user.row.id])
  return c.json({})
}
