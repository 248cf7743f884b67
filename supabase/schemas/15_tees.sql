-- A course's tees (issue 22): each with its own course rating, slope, par and number of holes (18,
-- or 9 for a rated nine), and optionally each hole's par and stroke index. Rounds are played from
-- one tee and keep copies of it (20_rounds.sql). The current definition: the migrations build
-- exactly this (a test compares them, see the README).
--
-- Bounds repeat the app's: rating 20.0–90.0 for 18 holes and 10.0–45.0 for 9, slope 55–155, par
-- 27–90 for 18 holes and 27–45 for 9; hole pars 3–6, one per hole, adding up to par (so hole pars
-- need a par); stroke indexes distinct whole numbers 1–18, one per hole (on a 9-hole tee the hole
-- with the lower number receives strokes first). A tee belongs to its golfer's own course: a
-- trigger refuses another golfer's course with the message an unknown one gets.
--
-- The first tee: a course created as before (name, rating, slope, optional par: the spec's "Add
-- Course" modal) gets one 18-hole tee named 'Default' from those values, made by the database,
-- whose id is the course's own id (a ULID already; tee ids are unique per table only), so a client
-- knows it without asking. A course's first tee is its earliest created (then lowest id).
--
-- The course's rating, slope and par stay in step with its first tee while that tee has 18
-- holes: the app and older devices still read and write them on courses. Editing the course edits
-- that tee; editing that tee (or deleting it, making the next one first) edits the course — par
-- only where it fits the course's own 54–90, otherwise the course's par becomes null. Each side
-- copies only a change made directly (pg_trigger_depth), so the two never bounce.
--
-- Deleting a course's last tee is refused (restrict_violation, which PostgREST answers with 400);
-- deleting the course deletes its tees (cascade). Deletes reach other devices through
-- public.deletions, as for courses and rounds (30_deletions.sql).

-- Whole-array facts the checks need (a check cannot hold a subquery).
create function public.sum_of(numbers integer[]) returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select sum(n)::integer from unnest(numbers) as n;
$$;

create function public.are_distinct(numbers integer[]) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select count(distinct n) = count(*) from unnest(numbers) as n;
$$;

-- The scorecard's checks on public.rounds (issue 23): a list with one value per hole (one
-- dimension, numbered from 1); no recorded value outside low–high; at each hole, the value at most
-- (or below) the limit there; a value recorded only on a hole of par 4 or more. A null element is a
-- value not recorded, and passes.
create function public.is_one_per_hole(list anyarray, holes integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select array_ndims(list) = 1 and array_lower(list, 1) = 1 and cardinality(list) = holes;
$$;

create function public.each_between(list integer[], low integer, high integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (select 1 from unnest(list) as n where n not between low and high);
$$;

create function public.each_at_most(list integer[], limits integer[]) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (select 1 from unnest(list, limits) as h (n, most) where n > most);
$$;

create function public.each_below(list integer[], limits integer[]) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (select 1 from unnest(list, limits) as h (n, most) where n >= most);
$$;

create function public.recorded_only_on_par_4_or_more(list boolean[], pars integer[])
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (
    select 1 from unnest(list, pars) as h (recorded, par)
    where recorded is not null and (par is null or par < 4)
  );
$$;

create table public.tees (
  id text primary key,
  course_id text not null references public.courses (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  course_rating numeric not null,
  slope_rating integer not null,
  par integer,
  holes integer not null default 18,
  hole_pars integer[],
  stroke_indexes integer[],
  created_at timestamptz not null default now(),
  constraint tees_id_is_a_ulid check (id ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$'),
  constraint tees_name_is_1_to_100_trimmed_characters check (
    char_length(name) between 1 and 100
    and name !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and name !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$'
  ),
  constraint tees_holes_is_9_or_18 check (holes in (9, 18)),
  constraint tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths check (
    course_rating = round(course_rating, 1)
    and (
      (holes = 18 and course_rating between 20.0 and 90.0)
      or (holes = 9 and course_rating between 10.0 and 45.0)
    )
  ),
  constraint tees_slope_rating_is_55_to_155 check (slope_rating between 55 and 155),
  constraint tees_par_is_27_to_90_or_27_to_45_for_nine check (
    par between 27 and case holes when 9 then 45 else 90 end
  ),
  constraint tees_hole_pars_are_3_to_6_one_per_hole check (
    cardinality(hole_pars) = holes
    and array_ndims(hole_pars) = 1
    and array_position(hole_pars, null) is null
    and 3 <= all (hole_pars)
    and 6 >= all (hole_pars)
  ),
  constraint tees_hole_pars_add_up_to_par check (
    hole_pars is null or (par is not null and public.sum_of(hole_pars) = par)
  ),
  constraint tees_stroke_indexes_are_distinct_1_to_18_one_per_hole check (
    cardinality(stroke_indexes) = holes
    and array_ndims(stroke_indexes) = 1
    and array_position(stroke_indexes, null) is null
    and 1 <= all (stroke_indexes)
    and 18 >= all (stroke_indexes)
    and public.are_distinct(stroke_indexes)
  )
);

comment on table public.tees is
  'A golfer''s tees, each on one of their courses: rating, slope, par, 9 or 18 holes, optional hole pars and stroke indexes. A course''s first tee (earliest created) is made with it, named Default, with the course''s id, and kept in step with the course''s rating, slope and par while it has 18 holes.';

create index tees_user_id_idx on public.tees (user_id);
create index tees_course_id_idx on public.tees (course_id);

-- A tee's id, owner, course and creation time are its identity, and its course must be the
-- golfer's own. Runs as its owner to see the course whatever the caller's policies; a course that
-- does not exist and another golfer's give the same error (insufficient_privilege: 403).
create function public.check_tee_course() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if (new.id, new.user_id, new.course_id, new.created_at)
      is distinct from (old.id, old.user_id, old.course_id, old.created_at) then
      raise exception using
        errcode = 'check_violation',
        message = 'a tee''s id, owner, course and creation time cannot change';
    end if;
    return new;
  end if;
  if not exists (
    select 1 from public.courses as c
    where c.id = new.course_id
      and c.user_id = new.user_id
      and c.user_id = coalesce(auth.uid(), new.user_id)
  ) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'a tee can only be added to one of your own courses';
  end if;
  return new;
end;
$$;

create trigger check_tee_course
  before insert or update on public.tees
  for each row execute function public.check_tee_course();

-- Deleting a course's last tee is refused; deleting the course (whose tees go by cascade, after
-- the course row is gone) is not. An after trigger sees every row the statement deleted.
create function public.keep_a_tee_per_course() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from public.courses as c where c.id = old.course_id)
    and not exists (select 1 from public.tees as t where t.course_id = old.course_id) then
    raise exception using
      errcode = 'restrict_violation',
      message = 'a course keeps at least one tee: delete the course instead',
      detail = format('Tee %s is the last tee of its course.', old.id);
  end if;
  return null;
end;
$$;

create trigger keep_a_tee_per_course
  after delete on public.tees
  for each row execute function public.keep_a_tee_per_course();

-- The course's first tee, made with it. Not when Undo puts a deleted course back: its tees come
-- back from public.deletions with it.
create function public.add_first_tee() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if public.is_undoing_a_deletion() then
    return null;
  end if;
  insert into public.tees (id, course_id, user_id, name, course_rating, slope_rating, par, holes)
    values (new.id, new.id, new.user_id, 'Default', new.rating, new.slope, new.par, 18);
  return null;
end;
$$;

create trigger add_first_tee
  after insert on public.courses
  for each row execute function public.add_first_tee();

-- A course edited directly (the Edit Course dialog): its first tee follows, if it has 18 holes.
create function public.copy_course_into_first_tee() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if pg_trigger_depth() > 1
    or (new.rating, new.slope, new.par) is not distinct from (old.rating, old.slope, old.par) then
    return null;
  end if;
  update public.tees as t
    set course_rating = new.rating, slope_rating = new.slope, par = new.par
    where t.id = (
        select f.id from public.tees as f
        where f.course_id = new.id
        order by f.created_at, f.id
        limit 1
      )
      and t.holes = 18;
  return null;
end;
$$;

create trigger copy_course_into_first_tee
  after update on public.courses
  for each row execute function public.copy_course_into_first_tee();

-- A tee added, edited or deleted directly: the course follows its (possibly new) first tee, if
-- that has 18 holes.
create function public.copy_first_tee_into_course() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  tee_course text := coalesce(new.course_id, old.course_id);
  first public.tees;
begin
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  select f.* into first
    from public.tees as f
    where f.course_id = tee_course
    order by f.created_at, f.id
    limit 1;
  if found and first.holes = 18 then
    update public.courses as c
      set rating = first.course_rating,
        slope = first.slope_rating,
        par = case when first.par between 54 and 90 then first.par end
      where c.id = first.course_id
        and (c.rating, c.slope, c.par) is distinct from (
          first.course_rating,
          first.slope_rating,
          case when first.par between 54 and 90 then first.par end
        );
  end if;
  return null;
end;
$$;

create trigger copy_first_tee_into_course
  after insert or update or delete on public.tees
  for each row execute function public.copy_first_tee_into_course();

-- Row-level security: each golfer sees and changes only their own tees.
alter table public.tees enable row level security;

create policy "Golfers can read their own tees"
  on public.tees for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can add tees for themselves"
  on public.tees for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Golfers can update their own tees"
  on public.tees for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Golfers can delete their own tees"
  on public.tees for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.tees from anon, authenticated;
grant select, insert, delete on table public.tees to authenticated;
grant update (name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
  on table public.tees to authenticated;
grant all on table public.tees to service_role;
revoke all on function public.check_tee_course() from public, anon, authenticated;
revoke all on function public.keep_a_tee_per_course() from public, anon, authenticated;
revoke all on function public.add_first_tee() from public, anon, authenticated;
revoke all on function public.copy_course_into_first_tee() from public, anon, authenticated;
revoke all on function public.copy_first_tee_into_course() from public, anon, authenticated;

-- Realtime, as for courses: the default replica identity, deletes through public.deletions.
alter publication supabase_realtime add table public.tees;
