-- Rounds a golfer has played, each with copies of its course's name, rating and slope as they were
-- when the round was added: a handicap must not change because a course was edited or deleted
-- later, so deleting a course keeps its rounds (course_id becomes null, the copies stay).
--
-- The copies are the database's, not the client's: a trigger fills them from the course and
-- refuses a course that is not the golfer's own. The checks below still hold the copies to the
-- courses' bounds, so a row written by service_role cannot break the handicap arithmetic either.
create table public.rounds (
  id text primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  course_id text references public.courses (id) on delete set null,
  course_name text not null,
  course_rating numeric not null,
  slope_rating integer not null,
  score integer not null,
  created_at timestamptz not null default now(),
  constraint rounds_id_is_a_ulid check (id ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$'),
  constraint rounds_course_name_is_1_to_100_characters check (
    char_length(course_name) between 1 and 100
  ),
  constraint rounds_course_rating_is_20_to_90_in_tenths check (
    course_rating between 20.0 and 90.0 and course_rating = round(course_rating, 1)
  ),
  constraint rounds_slope_rating_is_55_to_155 check (slope_rating between 55 and 155),
  constraint rounds_score_is_18_to_200 check (score between 18 and 200)
);

comment on table public.rounds is
  'Rounds played. course_name, course_rating and slope_rating are copies set by the database from the golfer''s own course when the round is added; rounds are immutable (delete and add again).';

create index rounds_user_id_idx on public.rounds (user_id);
create index rounds_course_id_idx on public.rounds (course_id);

-- Makes the database the authority for a new round's course. It runs as its owner so it can see
-- the course whatever the caller's policies say, and then checks ownership itself: the course must
-- belong to the round's golfer, who must be the caller when there is one. A course that does not
-- exist and a course of someone else's give the same error, so the error reveals nothing about
-- other golfers' ids. insufficient_privilege (42501) is what an RLS refusal raises, and PostgREST
-- answers it with 403 (401 for anon), the same as a forged user_id.
create function public.copy_course_into_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  course record;
begin
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

-- Rounds are immutable: a wrong score is deleted and added again, which keeps the copies honest
-- without re-deriving them. The one update allowed is the foreign key's own "on delete set null"
-- when the course is deleted.
create function public.keep_round_unchanged() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if (new.id, new.user_id, new.course_name, new.course_rating, new.slope_rating, new.score,
      new.created_at)
      is distinct from
     (old.id, old.user_id, old.course_name, old.course_rating, old.slope_rating, old.score,
      old.created_at)
    or (new.course_id is distinct from old.course_id and new.course_id is not null) then
    raise exception using
      errcode = 'check_violation',
      message = 'a round cannot be changed; delete it and add it again';
  end if;
  return new;
end;
$$;

create trigger keep_round_unchanged
  before update on public.rounds
  for each row execute function public.keep_round_unchanged();

-- Row-level security: each golfer sees, adds and deletes only their own rounds. There is no update
-- policy and no update grant (rounds are immutable), so an update is refused with 42501.
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

revoke all on table public.rounds from anon, authenticated;
grant select, insert, delete on table public.rounds to authenticated;
grant all on table public.rounds to service_role;
revoke all on function public.copy_course_into_round() from public, anon, authenticated;
revoke all on function public.keep_round_unchanged() from public, anon, authenticated;

-- Realtime: replica identity FULL for the same reason as courses (a DELETE must carry user_id for
-- the app's user_id=eq.<id> filter to match; subscribers still receive only the primary key).
alter table public.rounds replica identity full;
alter publication supabase_realtime add table public.rounds;
