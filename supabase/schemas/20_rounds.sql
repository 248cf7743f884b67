-- Rounds a golfer has played, each with copies of its course's name, rating and slope: a handicap
-- must not change because a course was edited or deleted later, so deleting a course keeps its
-- rounds (course_id becomes null, the copies stay). The current definition of everything about
-- rounds: the migrations build exactly this (a test compares them, see the README).
--
-- The copies are the database's, not the client's: triggers fill them from the course when a round
-- is added or moved to another course, and refuse a course that is not the golfer's own. The
-- checks below still hold the copies to the courses' bounds, so a row written by service_role
-- cannot break the handicap arithmetic either.
--
-- played_on is the golfer's calendar day, not an instant: the app sends the day the golfer picked
-- (in their own time zone), so the database allows one day past its own current_date (UTC) for a
-- golfer east of UTC who plays "today" while it is still yesterday here. Nothing earlier than 1900
-- is a real handicap round. Columns are in the order the migrations added them (played_on last).
create table public.rounds (
  id text primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  course_id text references public.courses (id) on delete set null,
  course_name text not null,
  course_rating numeric not null,
  slope_rating integer not null,
  score integer not null,
  created_at timestamptz not null default now(),
  played_on date not null default current_date,
  constraint rounds_id_is_a_ulid check (id ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$'),
  constraint rounds_course_name_is_1_to_100_characters check (
    char_length(course_name) between 1 and 100
  ),
  constraint rounds_course_rating_is_20_to_90_in_tenths check (
    course_rating between 20.0 and 90.0 and course_rating = round(course_rating, 1)
  ),
  constraint rounds_slope_rating_is_55_to_155 check (slope_rating between 55 and 155),
  constraint rounds_score_is_18_to_200 check (score between 18 and 200),
  constraint rounds_played_on_is_1900_to_tomorrow check (
    played_on >= date '1900-01-01' and played_on <= current_date + 1
  )
);

comment on table public.rounds is
  'Rounds played. course_name, course_rating and slope_rating are copies set by the database from the golfer''s own course when the round is added or moved to another course; editing the course later leaves them as they were.';

create index rounds_user_id_idx on public.rounds (user_id);
create index rounds_course_id_idx on public.rounds (course_id);
-- The app lists rounds newest first by the day played, then by id (the order in which rounds of
-- one day were added); the same order decides ties between counting rounds.
create index rounds_user_id_played_on_id_idx on public.rounds (user_id, played_on desc, id desc);

-- True only inside public.undo_deletion, which sets the flag for its own transaction. An API
-- request cannot set it: PostgREST sets only request.* settings and exposes no function that sets
-- others (set_config lives in pg_catalog, which is not an exposed schema); a SQL session that can
-- is one with database credentials, trusted already.
create function public.is_undoing_a_deletion() returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(current_setting('hcpfast.undoing_deletion', true), '') = 'on';
$$;

-- Makes the database the authority for a new round's course. It runs as its owner so it can see
-- the course whatever the caller's policies say, and then checks ownership itself: the course must
-- belong to the round's golfer, who must be the caller when there is one. A course that does not
-- exist and a course of someone else's give the same error, so the error reveals nothing about
-- other golfers' ids. insufficient_privilege (42501) is what an RLS refusal raises, and PostgREST
-- answers it with 403 (401 for anon), the same as a forged user_id. An undone round goes back
-- exactly as it was: with the copies it had (the course may have been edited since, or deleted).
create function public.copy_course_into_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  course record;
begin
  if public.is_undoing_a_deletion() then
    return new;
  end if;

  if new.course_id is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'a new round needs a course',
      detail = 'course_id is null.';
  end if;

  select c.name, c.rating, c.slope
    into course
    from public.courses as c
    where c.id = new.course_id
      and c.user_id = new.user_id
      and c.user_id = coalesce(auth.uid(), new.user_id);

  if not found then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'a round can only be added on one of your own courses';
  end if;

  new.course_name := course.name;
  new.course_rating := course.rating;
  new.slope_rating := course.slope;
  return new;
end;
$$;

create trigger copy_course_into_round
  before insert on public.rounds
  for each row execute function public.copy_course_into_round();

-- Rounds are editable: score, day played and course. The copies stay the database's: a new course
-- re-copies that course's name, rating and slope (which must be the golfer's own, checked as on
-- insert); otherwise the copies are kept as they were whatever the update sends, the same way the
-- insert trigger overwrites forged copies. The id, the owner and the creation time never change.
-- course_id may become null: that is the foreign key's "on delete set null". Undo of a deleted
-- course re-links its rounds without re-copying (they keep the copies they were added with); only
-- public.undo_deletion does that, behind a transaction-local setting.
create function public.copy_course_into_edited_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  course record;
begin
  if (new.id, new.user_id, new.created_at) is distinct from (old.id, old.user_id, old.created_at)
  then
    raise exception using
      errcode = 'check_violation',
      message = 'a round''s id, owner and creation time cannot change';
  end if;

  if new.course_id is not null and new.course_id is distinct from old.course_id then
    select c.name, c.rating, c.slope
      into course
      from public.courses as c
      where c.id = new.course_id
        and c.user_id = new.user_id
        and c.user_id = coalesce(auth.uid(), new.user_id);
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'a round can only be moved onto one of your own courses';
    end if;
    if public.is_undoing_a_deletion() then
      new.course_name := old.course_name;
      new.course_rating := old.course_rating;
      new.slope_rating := old.slope_rating;
    else
      new.course_name := course.name;
      new.course_rating := course.rating;
      new.slope_rating := course.slope;
    end if;
  else
    new.course_name := old.course_name;
    new.course_rating := old.course_rating;
    new.slope_rating := old.slope_rating;
  end if;
  return new;
end;
$$;

create trigger copy_course_into_edited_round
  before update on public.rounds
  for each row execute function public.copy_course_into_edited_round();

-- Row-level security: each golfer sees, adds, edits and deletes only their own rounds, and cannot
-- hand a round to someone else.
alter table public.rounds enable row level security;

create policy "Golfers can read their own rounds"
  on public.rounds for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can add rounds for themselves"
  on public.rounds for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Golfers can delete their own rounds"
  on public.rounds for delete
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can update their own rounds"
  on public.rounds for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Updates only of what a golfer edits: the copies follow the course, and id, owner and creation
-- time are fixed (the trigger refuses them for service_role too).
revoke all on table public.rounds from anon, authenticated;
grant select, insert, delete on table public.rounds to authenticated;
grant update (course_id, score, played_on) on table public.rounds to authenticated;
grant all on table public.rounds to service_role;
revoke all on function public.is_undoing_a_deletion() from public, anon, authenticated;
revoke all on function public.copy_course_into_round() from public, anon, authenticated;
revoke all on function public.copy_course_into_edited_round() from public, anon, authenticated;

-- Realtime, as for courses (deletes go through public.deletions).
alter publication supabase_realtime add table public.rounds;
