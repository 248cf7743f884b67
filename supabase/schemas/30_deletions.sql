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
  -- For a course or tee: the rounds that were on it, which Undo links to it again.
  round_ids text[] not null default '{}',
  deleted_at timestamptz not null default now(),
  constraint deletions_table_name_is_courses_rounds_or_tees check (
    table_name in ('courses', 'rounds', 'tees')
  )
);

comment on table public.deletions is
  'One row per deleted course, tee or round, readable only by its golfer: how their other devices learn of a delete (Realtime checks RLS for an INSERT, never for a DELETE), and what Undo restores.';

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
-- The id's sequence too: Supabase's default privileges gave it to anon and authenticated.
revoke all on sequence public.deletions_id_seq from anon, authenticated;

-- Runs before the delete so that a course's rounds are still linked to it (the foreign key's
-- "set null" runs after). Skipped when the golfer's account itself is being deleted: there is
-- nobody left to tell, and the row would reference a user that is gone.
create function private.record_deletion() returns trigger
  language plpgsql security definer set search_path = ''
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
  elsif tg_table_name = 'tees' then
    select coalesce(array_agg(r.id order by r.id), '{}')
      into linked
      from public.rounds as r
      where r.tee_id = old.id;
  end if;
  delete from public.deletions as d where d.deleted_at < now() - interval '1 day';
  insert into public.deletions (user_id, table_name, record_id, record, round_ids)
    values (old.user_id, tg_table_name, old.id, to_jsonb(old), linked);
  return old;
end;
$$;

create trigger record_deletion
  before delete on public.courses
  for each row execute function private.record_deletion();

create trigger record_deletion
  before delete on public.rounds
  for each row execute function private.record_deletion();

create trigger record_deletion
  before delete on public.tees
  for each row execute function private.record_deletion();

-- Undo of a course (public.undo_deletion, which has found the golfer's deletion and set the undo
-- flag): the course, the tees deleted with it (same deleted_at: the same transaction), or a
-- Default tee from its values when none was, and its rounds back on it and their tees.
create function private.undo_course_deletion(deletion public.deletions) returns void
  language plpgsql set search_path = ''
as $$
begin
  insert into public.courses
    select * from jsonb_populate_record(null::public.courses, deletion.record);
  insert into public.tees
    select (jsonb_populate_record(null::public.tees, t.record)).*
    from (
      select distinct on (d.record_id) d.record
      from public.deletions as d
      where d.user_id = deletion.user_id
        and d.table_name = 'tees'
        and d.deleted_at = deletion.deleted_at
        and d.record ->> 'course_id' = deletion.record_id
      order by d.record_id, d.id desc
    ) as t;
  if not exists (select 1 from public.tees as t where t.course_id = deletion.record_id) then
    perform private.add_default_tee(c) from public.courses as c where c.id = deletion.record_id;
  end if;
  update public.rounds as r
    set course_id = deletion.record_id,
      tee_id = (
        select t.id from public.tees as t
        join public.deletions as d
          on d.user_id = deletion.user_id
          and d.table_name = 'tees'
          and d.deleted_at = deletion.deleted_at
          and d.record_id = t.id
        where t.course_id = deletion.record_id
          and r.id = any (d.round_ids)
        limit 1
      )
    where r.id = any (deletion.round_ids)
      and r.user_id = deletion.user_id
      and r.course_id is null;
  delete from public.deletions as d
    where d.user_id = deletion.user_id
      and d.table_name = 'tees'
      and d.deleted_at = deletion.deleted_at
      and d.record ->> 'course_id' = deletion.record_id;
end;
$$;

-- Undo: puts the golfer's most recently deleted course, tee or round back exactly as it was, id
-- included, and a course's or tee's rounds back on it (with the copies they had). A course comes
-- back with the tees deleted with it (same deleted_at: the same transaction), and its rounds on
-- their tees. The insert goes through the tables' constraints and triggers, so Realtime delivers
-- it as an INSERT to every device. A round whose course or tee has since been deleted comes back
-- without it, as rounds of a deleted course are; a tee whose course is gone cannot come back.
-- Nothing to undo, or a deletion of someone else's, is the same error. Undo is idempotent, like
-- every other change the app's outbox sends: a device that lost the answer to an Undo sends it
-- again, and finding the golfer's row already back is success.
create function public.undo_deletion(kind text, record_id text) returns void
  language plpgsql security definer set search_path = ''
as $$
declare
  deletion public.deletions;
  restored_round public.rounds;
  restored_tee public.tees;
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
          where c.id = undo_deletion.record_id and c.user_id = (select auth.uid())))
       or (kind = 'tees' and exists (
          select 1 from public.tees as t
          where t.id = undo_deletion.record_id and t.user_id = (select auth.uid()))) then
      return;
    end if;
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'there is no deletion of yours to undo';
  end if;

  perform set_config('hcpfast.undoing_deletion', 'on', true);
  if kind = 'courses' then
    perform private.undo_course_deletion(deletion);
  elsif kind = 'tees' then
    restored_tee := jsonb_populate_record(null::public.tees, deletion.record);
    if not exists (
      select 1 from public.courses as c
      where c.id = restored_tee.course_id and c.user_id = deletion.user_id
    ) then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'the course of this tee was deleted: undo the course instead';
    end if;
    insert into public.tees select restored_tee.*;
    update public.rounds as r
      set tee_id = deletion.record_id
      where r.id = any (deletion.round_ids)
        and r.user_id = deletion.user_id
        and r.tee_id is null
        and r.course_id = restored_tee.course_id;
  else
    restored_round := jsonb_populate_record(null::public.rounds, deletion.record);
    -- A round deleted before rounds had holes was an 18-hole round.
    restored_round.holes := coalesce(restored_round.holes, 18);
    -- Its course and tee only if they are still the golfer's.
    restored_round.course_id := (
      select c.id from public.courses as c
      where c.id = restored_round.course_id and c.user_id = deletion.user_id
    );
    restored_round.tee_id := (
      select t.id from public.tees as t
      where t.id = restored_round.tee_id and t.user_id = deletion.user_id
    );
    insert into public.rounds select restored_round.*;
  end if;
  perform set_config('hcpfast.undoing_deletion', 'off', true);

  delete from public.deletions as d
    where d.user_id = deletion.user_id
      and d.table_name = deletion.table_name
      and d.record_id = deletion.record_id;
end;
$$;

revoke all on function public.undo_deletion(text, text) from anon;
grant execute on function public.undo_deletion(text, text) to authenticated;

alter publication supabase_realtime add table public.deletions;
