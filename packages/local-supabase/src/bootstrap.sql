-- The parts of Supabase's platform schema that migrations, RLS and the local services rely on,
-- written for a plain PostgreSQL (supabase-compat.md §D). It runs before `supabase db push` on
-- every start, as the cluster superuser `supabase_admin`, and is idempotent: it also brings a
-- server that already has these roles (a second start, an older data folder, a DATABASE_URL
-- pointing at a prepared server) to the same state.
--
-- Roles, memberships and privileges follow Supabase's platform image as of supabase/postgres
-- migration 20261010094800 (see the README): `postgres`, which migrations and the seed run as, is
-- not a superuser, and the API roles may use `public` but not create in it. Deliberate differences:
-- there is no supautils, pg_safeupdate, pg_graphql, pg_net or pgsodium in embedded PostgreSQL, so
-- (1) `postgres` is a member of the API roles without ADMIN OPTION. On the platform it has ADMIN
-- OPTION and supautils (`reserved_roles = '…, service_role*, authenticator*, authenticated*,
-- anon*'`) lets it change those roles' settings and nothing else about them; plain PostgreSQL has
-- no hook for that, so here the settings go through a checked path instead (see "Settings of the
-- API roles" below and role-settings.ts), and everything else stays refused for want of ADMIN OPTION,
-- (2) no role preloads supautils/safeupdate (the REST service refuses filterless UPDATE/DELETE
-- itself, with the same error), (3) privileged (untrusted) extensions are not created on behalf of
-- `postgres`; trusted ones it creates itself.

-- Roles --------------------------------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin;
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres;
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin;
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin;
  end if;
  if not exists (select from pg_roles where rolname = 'dashboard_user') then
    create role dashboard_user;
  end if;
  -- The local stand-in for supautils' allowance on the API roles' settings (see below).
  if not exists (select from pg_roles where rolname = 'local_supabase_role_settings') then
    create role local_supabase_role_settings;
  end if;
  -- A helper an interrupted upgrade of an older data folder may have left behind (database.ts).
  if exists (select from pg_roles where rolname = 'local_supabase_upgrade')
     and session_user <> 'local_supabase_upgrade' then
    drop role local_supabase_upgrade;
  end if;
end
$$;

-- Attributes are set on every start, so an older data folder is brought to the platform's.
alter role supabase_admin with superuser createdb createrole replication bypassrls login inherit;
alter role anon with nosuperuser nologin inherit nocreaterole nocreatedb noreplication nobypassrls;
alter role authenticated with nosuperuser nologin inherit nocreaterole nocreatedb noreplication nobypassrls;
alter role service_role with nosuperuser nologin inherit nocreaterole nocreatedb noreplication bypassrls;
alter role authenticator with nosuperuser login noinherit nocreaterole nocreatedb noreplication nobypassrls;
-- GoTrue's role: owns the auth tables; lost CREATEROLE on the platform in 2026.
alter role supabase_auth_admin with nosuperuser login noinherit nocreaterole nocreatedb noreplication nobypassrls;
-- Realtime's schema admin on the platform; here it only holds the platform's grants (the local
-- Realtime reads the WAL as supabase_admin), so it has no password.
alter role supabase_realtime_admin with nosuperuser login noinherit createrole nocreatedb replication nobypassrls;
alter role dashboard_user with nosuperuser nologin inherit createrole createdb replication nobypassrls;

do $$
begin
  -- PostgreSQL refuses to take SUPERUSER from the cluster's bootstrap role. An embedded data folder
  -- is converted first (database.ts); a DATABASE_URL server whose bootstrap role is `postgres`
  -- keeps it, and the stack says so.
  if (select oid from pg_roles where rolname = 'postgres') = 10 or session_user = 'postgres' then
    raise warning 'postgres is the superuser this stack connects as, so it stays one: migrations here may use powers the platform refuses';
  else
    alter role postgres with nosuperuser login inherit createrole createdb replication bypassrls;
  end if;
end
$$;

-- Role settings (rolconfig), as the platform sets them. The platform also preloads supautils and
-- safeupdate for authenticator and postgres; embedded PostgreSQL has neither library.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;
alter role supabase_auth_admin set log_statement = none;
alter role supabase_admin set search_path = "$user", public, auth, extensions;
alter role supabase_admin set log_statement = none;
alter role supabase_realtime_admin set search_path = realtime;
alter role postgres set search_path = "$user", public, extensions;

-- The local stack's services, the CLI and developers log in with the well-known local password, as
-- after `supabase start`; this database only ever listens on loopback.
alter role supabase_admin with password 'postgres';
do $$
begin
  if (select oid from pg_roles where rolname = 'postgres') <> 10 then
    alter role postgres with password 'postgres';
  end if;
end
$$;
alter role authenticator with password 'postgres';
alter role supabase_auth_admin with password 'postgres';

-- Memberships ------------------------------------------------------------------------------------
-- Older local versions let postgres become supabase_auth_admin (the platform revoked that in 2025)
-- and gave it ADMIN OPTION on the API roles (which, without supautils, would let it ALTER them).
do $$
begin
  if exists (select from pg_auth_members
             where roleid = 'supabase_auth_admin'::regrole and member = 'postgres'::regrole) then
    revoke supabase_auth_admin from postgres;
  end if;
  if exists (select from pg_auth_members m
             where m.member = 'postgres'::regrole and m.admin_option
               and m.roleid in ('anon'::regrole, 'authenticated'::regrole, 'service_role'::regrole,
                                'authenticator'::regrole)) then
    revoke admin option for anon, authenticated, service_role, authenticator from postgres;
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role, authenticator to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres with admin option;
grant pg_create_subscription to postgres;
grant anon, authenticated, service_role to supabase_realtime_admin;

-- Settings of the API roles ------------------------------------------------------------------------
-- What supautils allows `postgres` on the reserved roles marked `*`: `ALTER ROLE … [IN DATABASE …]
-- SET|RESET …`, for the settings it may set itself plus the platform's
-- `privileged_role_allowed_configs`. PostgreSQL 16+ lets a role change another role's settings only
-- with CREATEROLE and ADMIN OPTION on it, and ADMIN OPTION would also let it rename the role, set
-- its password, LOGIN, BYPASSRLS or drop it. So the ADMIN OPTION belongs to a role nobody logs in
-- as or becomes, and its one use is the function below, which runs a single such statement and
-- nothing else. The stack routes these statements from `postgres`'s migration connections to it
-- (role-settings.ts). PostgreSQL still checks the setting itself against this role's parameter
-- privileges, which are postgres's: user-settable ones, and of the superuser-only ones just those
-- granted below.
alter role local_supabase_role_settings
  with nosuperuser nologin noinherit createrole nocreatedb noreplication nobypassrls;
grant anon, authenticated, service_role, authenticator to local_supabase_role_settings
  with admin option, inherit false, set false;

-- The platform's privileged_role_allowed_configs that exist in embedded PostgreSQL, and PostgREST's
-- in-database configuration (`pgrst.*` there; PostgreSQL has no wildcards, so its names here).
grant set on parameter session_replication_role, track_io_timing, wal_compression,
  pgrst.db_aggregates_enabled, pgrst.db_anon_role, pgrst.db_extra_search_path,
  pgrst.db_hoisted_tx_settings, pgrst.db_max_rows, pgrst.db_plan_enabled, pgrst.db_pre_config,
  pgrst.db_pre_request, pgrst.db_prepared_statements, pgrst.db_root_spec, pgrst.db_schemas,
  pgrst.db_tx_end, pgrst.jwt_aud, pgrst.jwt_cache_max_lifetime, pgrst.jwt_role_claim_key,
  pgrst.jwt_secret, pgrst.jwt_secret_is_base64, pgrst.openapi_mode,
  pgrst.openapi_security_active, pgrst.openapi_server_proxy_uri,
  pgrst.server_cors_allowed_origins, pgrst.server_timing_enabled, pgrst.server_trace_header
  to postgres, local_supabase_role_settings;

create schema if not exists local_supabase authorization supabase_admin;
revoke all on schema local_supabase from public;
grant usage on schema local_supabase to postgres;

-- Runs `statement` if, and only if, it is one ALTER ROLE … SET|RESET on an API role: the role is
-- named literally (a quoted name exactly), and what follows SET/RESET is made of names, quoted
-- names, standard strings without backslashes, plain numbers, `=` and `,` only, so neither a
-- comment nor a second statement can follow. Anything else is refused as PostgreSQL refuses
-- `postgres` the statement itself.
create or replace function local_supabase.alter_api_role_setting(statement text) returns void
  language plpgsql
  security definer
  set search_path = ''
  set standard_conforming_strings = on
as $$
begin
  if statement !~* ('^\s*alter\s+(role|user)\s+'
                    '(anon|authenticated|authenticator|service_role|"[a-z_]+")'
                    '(\s+in\s+database\s+([a-z_][a-z0-9_$]*|"[^"]+"))?'
                    '\s+(set|reset)\s+'
                    '([a-z_][a-z0-9_$.]*|"[^"]+"|''([^''\\]|'''')*''|'
                    '[-+]?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?|[=,]|\s)+'
                    ';?\s*$')
     or statement !~ '^\s*\S+\s+\S+\s+([A-Za-z_]+|"(anon|authenticated|authenticator|service_role)")\s'
  then
    raise exception 'permission denied to alter role'
      using errcode = '42501',
            detail = 'postgres may change only the settings of anon, authenticated, authenticator and service_role.';
  end if;
  execute statement;
end
$$;
alter function local_supabase.alter_api_role_setting(text) owner to local_supabase_role_settings;
revoke all on function local_supabase.alter_api_role_setting(text) from public;
grant execute on function local_supabase.alter_api_role_setting(text) to postgres;

-- The database: postgres owns it (so, through pg_database_owner, it may create in `public`).
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to dashboard_user', current_database());
  execute format('grant create on database %I to supabase_auth_admin, supabase_realtime_admin',
                 current_database());
end
$$;

-- Schemas and extensions ---------------------------------------------------------------------------
-- public: owned by pg_database_owner; USAGE only for everyone else.
revoke all on schema public from postgres, anon, authenticated, service_role;
grant usage on schema public to postgres, anon, authenticated, service_role;

-- Every object `postgres` or `supabase_admin` creates in public is fully granted to the API roles,
-- exactly as on Supabase: RLS is the only protection, which is why every public table must enable it.
alter default privileges for role postgres in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public
  grant all on sequences to postgres, anon, authenticated, service_role;

-- extensions: owned by postgres; the API roles may use it, not create in it.
create schema if not exists extensions;
alter schema extensions owner to postgres;
revoke all on schema extensions from anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to dashboard_user;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on tables to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on routines to postgres with grant option;
alter default privileges for role supabase_admin in schema extensions
  grant all on sequences to postgres with grant option;

-- auth: owned by supabase_admin, GoTrue's role creates in it; postgres may use it but, since
-- 2025, not create in it.
create schema if not exists auth authorization supabase_admin;
alter schema auth owner to supabase_admin;
revoke all on schema auth from postgres, anon, authenticated, service_role;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on routines to postgres, dashboard_user;

-- realtime: owned by supabase_admin; Realtime's admin role creates in it; postgres may use it (and
-- grant that on), the API roles may use it.
create schema if not exists realtime authorization supabase_admin;
alter schema realtime owner to supabase_admin;
revoke all on schema realtime from postgres, anon, authenticated, service_role, dashboard_user;
grant usage on schema realtime to anon, authenticated, service_role;
grant usage on schema realtime to postgres with grant option;
grant all on schema realtime to supabase_realtime_admin with grant option;
alter default privileges for role supabase_admin in schema realtime
  grant all on tables to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime
  grant all on sequences to postgres, dashboard_user;
alter default privileges for role supabase_admin in schema realtime
  grant all on routines to postgres, dashboard_user;

-- auth tables (GoTrue's columns) ----------------------------------------------------------------
set role supabase_auth_admin;

do $$
begin
  if not exists (select from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'aal_level') then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select from pg_type t join pg_namespace n on n.oid = t.typnamespace
                 where n.nspname = 'auth' and t.typname = 'code_challenge_method') then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
end
$$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;
create index if not exists users_instance_id_idx on auth.users (instance_id);
comment on table auth.users is 'Auth: stores user login data within a secure schema.';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  oauth_client_id uuid,
  refresh_token_hmac_key text,
  refresh_token_counter bigint,
  scopes text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz,
  -- GoTrue keeps the referrer (redirect_to) in the flow state for the OAuth callback.
  referrer text
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

-- >>> Added by the auth helper (supabase/local/auth) — GoTrue v2.189.0 schema it relies on.
-- Since GoTrue's migration 20260115000000 every OAuth start (implicit too) has a flow state, so
-- the PKCE columns are nullable, and the flow state carries the OAuth context.
alter table auth.flow_state
  alter column auth_code drop not null,
  alter column code_challenge drop not null,
  alter column code_challenge_method drop not null,
  add column if not exists invite_token text,
  add column if not exists oauth_client_state_id uuid,
  add column if not exists linking_target_id uuid,
  add column if not exists email_optional boolean not null default false;
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

-- The sign-in methods of each session, which become the access token's `amr` claim.
create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey
    unique (session_id, authentication_method)
);
alter table auth.mfa_amr_claims enable row level security;
-- <<< auth helper

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);

create table if not exists auth.schema_migrations (version varchar(255) primary key);

alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.schema_migrations enable row level security;

-- auth functions (GoTrue's current definitions) ---------------------------------------------------
create or replace function auth.uid() returns uuid
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $$;

create or replace function auth.role() returns text
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $$;

create or replace function auth.email() returns text
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
  $$;

create or replace function auth.jwt() returns jsonb
  language sql stable
  as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $$;

reset role;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role, postgres;
-- postgres may read and write the auth tables (a seed inserts users, a policy or trigger may refer to
-- them) but does not own them: it cannot alter them, add policies to them, or become their owner.
grant all on all tables in schema auth to postgres, dashboard_user;
grant all on all sequences in schema auth to postgres, dashboard_user;
grant all on all routines in schema auth to postgres, dashboard_user;
revoke all on auth.schema_migrations from postgres, dashboard_user;

-- Realtime ----------------------------------------------------------------------------------------
-- Owned by postgres, so migrations add their tables to it; never FOR ALL TABLES.
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- Broadcast and Presence authorisation, Broadcast from the database ---------------------------------
-- realtime.messages as Realtime's tenant migrations leave it: partitioned by day on inserted_at,
-- owned by Realtime's admin role, RLS on, read/insert/update granted to the API roles. Its policies
-- decide who may join a private channel (select) and send on it (insert), with realtime.topic().
-- Deliberate difference: the platform lets `postgres` create policies here through supautils
-- (`policy_grants`); plain PostgreSQL only lets the owner do that, so `postgres` inherits the
-- owner's rights (not SET ROLE), and the owner has no CREATE on the schema, so nobody but the
-- stack creates in `realtime`.
revoke create on schema realtime from supabase_realtime_admin;
grant supabase_realtime_admin to postgres with inherit true, set false;

do $$
begin
  if to_regclass('realtime.messages') is null then
    create table realtime.messages (
      topic text not null,
      extension text not null,
      payload jsonb,
      event text,
      private boolean default false,
      updated_at timestamp without time zone not null default now(),
      inserted_at timestamp without time zone not null default now(),
      id uuid not null default gen_random_uuid(),
      binary_payload bytea,
      constraint messages_payload_exclusive check (payload is null or binary_payload is null),
      constraint messages_pkey primary key (id, inserted_at)
    ) partition by range (inserted_at);
    create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
      where extension = 'broadcast' and private is true;
  end if;
end
$$;
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
revoke all on realtime.messages from postgres, anon, authenticated, service_role, dashboard_user;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

-- The topic of the channel being authorised (set by Realtime around its policy checks, and by
-- realtime.send for the insert it makes).
create or replace function realtime.topic() returns text
  language sql stable
  as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;

-- Broadcast `payload` as `event` to the topic's channels (private ones unless `private` is false)
-- once the calling transaction commits. A payload without an `id` gets the message's id. Failures
-- (a missing partition, an insert policy refusing) are a warning, never the caller's error.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
  returns void
  language plpgsql
  as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (message_id,
            case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end,
            event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- The same with a binary payload.
create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
  returns void
  language plpgsql
  as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (gen_random_uuid(), payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- For row triggers: broadcasts the change (`record`, `old_record`, `operation`, `table`,
-- `schema`) as `event_name` on `topic_name`, privately.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW')
  returns void
  language plpgsql
  as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(
    jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                       'table', table_name, 'schema', table_schema),
    event_name, topic_name);
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  owner to supabase_realtime_admin;

-- Realtime's janitor: a partition per UTC day from yesterday to three days ahead; partitions of
-- messages older than 72 hours are dropped. The stack calls it at start and every hour.
create or replace function local_supabase.maintain_messages_partitions() returns void
  language plpgsql
  set search_path = ''
  as $$
declare
  today constant date := (now() at time zone 'utc')::date;
  day date;
  partition record;
begin
  for day in select generate_series(today - 1, today + 3, interval '1 day')::date
  loop
    if to_regclass(format('realtime.messages_%s', to_char(day, 'YYYY_MM_DD'))) is null then
      execute format('create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
                     'messages_' || to_char(day, 'YYYY_MM_DD'), day, day + 1);
      execute format('alter table realtime.%I owner to supabase_realtime_admin',
                     'messages_' || to_char(day, 'YYYY_MM_DD'));
    end if;
  end loop;
  for partition in
    select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'realtime.messages'::regclass
      and c.relname ~ '^messages_\d{4}_\d{2}_\d{2}$'
      and to_date(substr(c.relname, 10), 'YYYY_MM_DD') < ((now() at time zone 'utc') - interval '72 hours')::date
  loop
    execute format('drop table realtime.%I', partition.relname);
  end loop;
end
$$;
revoke all on function local_supabase.maintain_messages_partitions() from public;
select local_supabase.maintain_messages_partitions();

-- Realtime reads the inserted messages from this publication (its own, never supabase_realtime).
do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime_messages_publication') then
    create publication supabase_realtime_messages_publication for table realtime.messages;
  end if;
end
$$;
