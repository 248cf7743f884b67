-- The golfer's live feed as Broadcast from the database, Supabase's recommended way: every change
-- to a golfer's courses, tees, rounds and handicap settings is sent, after commit, to the private
-- Realtime topic of that golfer alone, which only they may join (the policy below). A delete is a
-- message like any other, with the whole old row, and goes only to its owner's topic, so it tells
-- nothing to anyone else (Postgres Changes never checks RLS for a DELETE; see 30_deletions.sql).
--
-- The tables stay in the supabase_realtime publication, and public.deletions keeps its rows, so
-- an app released before this (Postgres Changes filtered on user_id, deletes through deletions)
-- stays live beside one that uses the topic.

-- The one definition of a golfer's topic; the app's src/lib/realtime.ts names it the same way.
create function private.golfer_topic(golfer uuid) returns text
  language sql
  immutable
  set search_path = ''
as $$
  select 'golfer:' || golfer::text
$$;

-- The feed's policy below calls it as the golfer.
grant execute on function private.golfer_topic(uuid) to authenticated, service_role;

-- Security definer, owned by postgres, as Supabase's guide writes it: realtime.send's insert then
-- is not subject to the writer's insert policies on realtime.messages (a golfer has none).
create function private.broadcast_golfer_change() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    private.golfer_topic(coalesce(new.user_id, old.user_id)),
    tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end;
$$;

create trigger broadcast_golfer_change
  after insert or update or delete on public.courses
  for each row execute function private.broadcast_golfer_change();

create trigger broadcast_golfer_change
  after insert or update or delete on public.tees
  for each row execute function private.broadcast_golfer_change();

create trigger broadcast_golfer_change
  after insert or update or delete on public.rounds
  for each row execute function private.broadcast_golfer_change();

create trigger broadcast_golfer_change
  after insert or update or delete on public.handicap_settings
  for each row execute function private.broadcast_golfer_change();

-- A signed-in golfer may join (read) their own topic and no other; nobody may send on it but the
-- database (no insert policy), so a device cannot forge another device's changes.
create policy "Golfers can read their own live feed"
  on realtime.messages for select
  to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = private.golfer_topic((select auth.uid()))
  );
