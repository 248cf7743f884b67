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
