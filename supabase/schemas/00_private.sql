-- Everything that is not the API lives here (basejump's layout): the handicap's functions, the
-- hole rules, the helpers the checks need and every trigger function. PostgREST exposes only the
-- schemas of supabase/config.toml's [api] schemas (public), so nothing here is reachable through
-- /rpc whatever its grants; `public` keeps the tables, the views and the app's RPCs (the README's
-- "API"). Signed-in golfers may use the schema: their security_invoker views, their inserts (the
-- checks and triggers) and import_rounds run with their rights and call into it. A visitor (anon)
-- gets nothing.
create schema private;

revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- A function runs only for the roles it is granted to. Postgres grants EXECUTE on a new function
-- to PUBLIC, and a default for one schema can only add to that, never take it away, so the rule is
-- for every function `postgres` (which applies the migrations) creates. In public, Supabase's own
-- defaults still grant each new function to the API roles: an RPC revokes anon itself.
alter default privileges for role postgres revoke execute on functions from public;
