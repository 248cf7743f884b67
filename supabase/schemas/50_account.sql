-- A golfer deletes their own account from the app, with their own identity: no service-role key in
-- the browser and no server of ours in between.
--
-- It runs as its owner (`postgres`, which applies the migrations) because a golfer has no rights on
-- auth.users. On Supabase `postgres` is not a superuser and does not own auth.users
-- (supabase_auth_admin does), but it holds every privilege on the tables of the auth schema,
-- granted by the platform's own migrations (supabase/postgres `10000000000000_demote-postgres.sql`,
-- `20211115181400_update-auth-permissions.sql`, with default privileges for tables GoTrue adds
-- later), so this delete works the same on a hosted project, on `supabase start` and locally.
--
-- Deleting the auth.users row is the whole job: the golfer's courses and rounds go with it
-- (`on delete cascade`), and so do their identities, sessions, refresh tokens and MFA factors in
-- the auth schema. The golfer's access token stays valid until it expires, but every request it
-- makes then finds no rows, and it can no longer be refreshed. It deletes only auth.uid(): there is
-- no argument to point it at anyone else, and a caller without a user (anon, service_role) is
-- refused. (The current definition: the migrations build exactly this; a test compares them.)
create function public.delete_my_account() returns void
  language plpgsql security definer set search_path = ''
as $$
declare
  golfer uuid := auth.uid();
begin
  if golfer is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'only a signed-in golfer can delete their account';
  end if;
  delete from auth.users where id = golfer;
end;
$$;

comment on function public.delete_my_account() is
  'Deletes the calling golfer''s account and, by cascade, all their data and sessions. Cannot be undone.';

-- Supabase's default privileges grant new functions in public to the API roles (00_private.sql):
-- take them away, then give it to signed-in golfers only.
revoke all on function public.delete_my_account() from anon, authenticated, service_role;
grant execute on function public.delete_my_account() to authenticated;
