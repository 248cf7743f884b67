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
  language sql immutable set search_path = ''
as $$
  select 'golfer:' || golfer::text
$$;

-- The feed's policy below calls it as the golfer.
grant execute on function private.golfer_topic(uuid) to authenticated, service_role;

-- A change to one of a golfer's rows, sent after commit to that golfer's topic alone: op and
-- table_name are the calling trigger's TG_OP and TG_TABLE_NAME (the golfer's tables are all in
-- public). A plain function, so a table's one after-row trigger can make it a step among its
-- others (courses' and tees', 15_tees.sql; handicap settings', 70_handicap_settings.sql).
-- Security definer, owned by postgres, as Supabase's guide writes it: realtime.send's insert then
-- is not subject to the writer's insert policies on realtime.messages (a golfer has none).
create function private.send_golfer_change(op text, table_name text, changed record, was record)
  returns void
  language plpgsql security definer set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    private.golfer_topic(coalesce(changed.user_id, was.user_id)),
    op, op, table_name, 'public', changed, was);
end;
$$;

-- Rounds, whose only after-row step is the message (handicap settings send theirs as a step,
-- 70_handicap_settings.sql).
create function private.broadcast_golfer_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  perform private.send_golfer_change(tg_op, tg_table_name, new, old);
  return null;
end;
$$;

create trigger broadcast_golfer_change
  after insert or update or delete on public.rounds
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
