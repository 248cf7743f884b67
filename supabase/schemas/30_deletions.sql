-- Deletes as rows that row-level security checks, and Undo. The current definition: the
-- migrations build exactly this (a test compares them, see the README).
--
-- Why: Realtime never checks RLS for a DELETE. With replica identity FULL on courses and rounds,
-- any signed-in golfer could subscribe to DELETE on rounds with filters such as score=eq.77,
-- score=eq.78, … and learn from which of their bindings matched the score, course name and rating
-- of another golfer's deleted rounds. Realtime does this on real Supabase too, so the fix is in the
-- schema: courses and rounds keep the default replica identity, so a DELETE carries only the
-- primary key and a filter on any other column matches nothing.
--
-- The golfer's own devices learn of deletes from this table instead: each delete of a course or
-- round writes one row here, in the same transaction, and an INSERT is delivered by Realtime only
-- to subscribers whose RLS lets them select the row — its owner. The row keeps the deleted record,
-- so that Undo can put it back exactly (same id, same copies, same day played) from any device.
-- Rows older than a day are purged as new ones are written.
create table public.deletions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  table_name text not null,
  record_id text not null,
  record jsonb not null,
  -- For a course: the rounds that were on it, which Undo links to it again.
  round_ids text[] not null default '{}',
  deleted_at timestamptz not null default now(),
  constraint deletions_table_name_is_courses_or_rounds check (table_name in ('courses', 'rounds'))
);

comment on table public.deletions is
  'One row per deleted course or round, readable only by its golfer: how their other devices learn of a delete (Realtime checks RLS for an INSERT, never for a DELETE), and what Undo restores.';

create index deletions_user_id_record_idx on public.deletions (user_id, table_name, record_id);
create index deletions_deleted_at_idx on public.deletions (deleted_at);

alter table public.deletions enable row level security;

create policy "Golfers can read their own deletions"
  on public.deletions for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Written and removed only by the functions below; golfers read.
revoke all on table public.deletions from anon, authenticated;
grant select on table public.deletions to authenticated;
grant all on table public.deletions to service_role;

-- Runs before the delete so that a course's rounds are still linked to it (the foreign key's
-- "set null" runs after). Skipped when the golfer's account itself is being deleted: there is
-- nobody left to tell, and the row would reference a user that is gone.
create function public.record_deletion() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  linked text[] := '{}';
begin
  if not exists (select 1 from auth.users as u where u.id = old.user_id) then
    return old;
  end if;
  if tg_table_name = 'courses' then
    select coalesce(array_agg(r.id order by r.id), '{}')
      into linked
      from public.rounds as r
      where r.course_id = old.id;
  end if;
  delete from public.deletions as d where d.deleted_at < now() - interval '1 day';
  insert into public.deletions (user_id, table_name, record_id, record, round_ids)
    values (old.user_id, tg_table_name, old.id, to_jsonb(old), linked);
  return old;
end;
$$;

create trigger record_deletion
  before delete on public.courses
  for each row execute function public.record_deletion();

create trigger record_deletion
  before delete on public.rounds
  for each row execute function public.record_deletion();

-- Undo: puts the golfer's most recently deleted course or round back exactly as it was, id
-- included, and a course's rounds back on it (with the copies they had). The insert goes through
-- the tables' constraints and triggers, so Realtime delivers it as an INSERT to every device.
-- A round whose course has since been deleted comes back without a course, as rounds of a deleted
-- course are. Nothing to undo, or a deletion of someone else's, is the same error. Undo is
-- idempotent, like every other change the app's outbox sends: a device that lost the answer to an
-- Undo sends it again, and finding the golfer's row already back is success.
create function public.undo_deletion(kind text, record_id text) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  deletion public.deletions;
  restored_round public.rounds;
begin
  select d.* into deletion
    from public.deletions as d
    where d.user_id = (select auth.uid())
      and d.table_name = kind
      and d.record_id = undo_deletion.record_id
    order by d.id desc
    limit 1;
  if not found then
    -- A replay of an Undo whose answer was lost (the device's outbox sends it again): the row is
    -- back and its deletion row gone, so it is done, as a repeated insert or delete is.
    if (kind = 'rounds' and exists (
          select 1 from public.rounds as r
          where r.id = undo_deletion.record_id and r.user_id = (select auth.uid())))
       or (kind = 'courses' and exists (
          select 1 from public.courses as c
          where c.id = undo_deletion.record_id and c.user_id = (select auth.uid()))) then
      return;
    end if;
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'there is no deletion of yours to undo';
  end if;

  perform set_config('hcpfast.undoing_deletion', 'on', true);
  if kind = 'courses' then
    insert into public.courses
      select * from jsonb_populate_record(null::public.courses, deletion.record);
    update public.rounds as r
      set course_id = deletion.record_id
      where r.id = any (deletion.round_ids)
        and r.user_id = deletion.user_id
        and r.course_id is null;
  else
    restored_round := jsonb_populate_record(null::public.rounds, deletion.record);
    if not exists (
      select 1 from public.courses as c
      where c.id = restored_round.course_id and c.user_id = deletion.user_id
    ) then
      restored_round.course_id := null;
    end if;
    insert into public.rounds select restored_round.*;
  end if;
  perform set_config('hcpfast.undoing_deletion', 'off', true);

  delete from public.deletions as d
    where d.user_id = deletion.user_id
      and d.table_name = deletion.table_name
      and d.record_id = deletion.record_id;
end;
$$;

revoke all on function public.record_deletion() from public, anon, authenticated;
revoke all on function public.undo_deletion(text, text) from public, anon;
grant execute on function public.undo_deletion(text, text) to authenticated;

alter publication supabase_realtime add table public.deletions;
