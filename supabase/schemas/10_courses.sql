-- A golfer's own list of courses. The current definition of everything about courses: the
-- migrations in supabase/migrations build exactly this (a test compares them, see the README).
--
-- Ids are ULIDs made on the client, so an optimistic add can show the row before the server
-- answers. The constraints repeat the UI's bounds: a client that skips the UI still cannot store
-- what the UI would refuse.
--
-- rating is plain numeric, not numeric(3,1): a typmod would silently round 72.25 to 72.3 before
-- any check ran, changing a golfer's handicap without telling them. Unconstrained numeric keeps
-- the value as sent and the check refuses anything that is not a whole number of tenths.
--
-- Names are refused, not trimmed, when they start or end with whitespace: the UI trims before it
-- sends, so the stored name is always exactly what the golfer's screen showed. The whitespace set
-- is JavaScript's String.prototype.trim() set, spelled out character by character (in
-- private.is_trimmed_name) so that neither the database's locale nor the UI can disagree about it.
-- Lengths count Unicode code points (char_length), i.e. [...name].length in JavaScript, not
-- name.length.
--
-- Par, for the course handicap (WHS Rule 6.1), is optional: a golfer can add it later. 54 is an
-- 18-hole course of par-3 holes, the least any 18-hole course can be; 90 is the course rating's
-- own upper bound — real 18-hole courses stop in the high 70s, so this admits every one of them
-- and refuses a 9-hole par (27–36) or a slip like 720. Columns are in the order the migrations
-- added them (par last), so that both build the same table.
create table public.courses (
  id text primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  rating numeric not null,
  slope integer not null,
  created_at timestamptz not null default now(),
  par integer,
  constraint courses_id_is_a_ulid check (private.is_ulid(id)),
  constraint courses_name_is_1_to_100_trimmed_characters check (
    private.is_trimmed_name(name, 100)
  ),
  constraint courses_rating_is_20_to_90_in_tenths check (
    private.is_within_bounds('course_rating', rating)
  ),
  constraint courses_slope_is_55_to_155 check (private.is_within_bounds('slope_rating', slope)),
  constraint courses_par_is_54_to_90 check (private.is_within_bounds('course_par', par))
);

comment on table public.courses is
  'A golfer''s courses. Rows are private to their owner (RLS); rounds keep copies of a course''s values.';

comment on column public.courses.par is
  'Par of the 18 holes, 54–90, optional; used only for the course handicap.';

create index courses_user_id_idx on public.courses (user_id);

-- A course's id, owner and creation time are its identity: a round's copies and the golfer's
-- realtime stream rely on them, so they never change, whoever updates the row (RLS alone would
-- still let an owner re-key a course, and service_role bypasses RLS).
create function private.keep_course_identity() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if new.id is distinct from old.id
    or new.user_id is distinct from old.user_id
    or new.created_at is distinct from old.created_at then
    raise exception using
      errcode = 'check_violation',
      message = 'a course''s id, owner and creation time cannot change';
  end if;
  return new;
end;
$$;

create trigger keep_course_identity
  before update on public.courses
  for each row execute function private.keep_course_identity();

-- Row-level security: each golfer sees and changes only their own courses. Policies use
-- (select auth.uid()) so Postgres evaluates it once per statement, not once per row.
alter table public.courses enable row level security;

create policy "Golfers can read their own courses"
  on public.courses for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can add courses for themselves"
  on public.courses for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Golfers can update their own courses"
  on public.courses for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Golfers can delete their own courses"
  on public.courses for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- Explicit grants: Supabase is moving to not exposing new tables by default, and anon (a visitor
-- who is not signed in) has no business with courses at all.
revoke all on table public.courses from anon, authenticated;
grant select, insert, update, delete on table public.courses to authenticated;
grant all on table public.courses to service_role;

-- Realtime delivers inserts and updates to the golfer's devices (RLS decides who receives them).
-- The replica identity stays the default (the primary key): see 30_deletions.sql for why deletes
-- reach devices through public.deletions instead.
alter publication supabase_realtime add table public.courses;
