-- Tees and 9-hole rounds (issue 22), the database half: public.tees, the rounds' tee and holes
-- with their copies, and the triggers that keep them. Why each piece is as it is: the schema files
-- (supabase/schemas/15_tees.sql, 20_rounds.sql, 30_deletions.sql), which hold the current
-- definitions; a test checks that these migrations build exactly what they declare.
--
-- Decisions:
-- - A course's first tee is named 'Default' and has the course's own id; a course created as
--   before gets it from its name, rating, slope and optional par (a trigger). The course's rating,
--   slope and par stay in step with that tee, both ways, while it has 18 holes (par only where it
--   fits the course's 54–90), so the Add/Edit Course dialog and older devices keep working.
-- - A nine played from an 18-hole tee: the round has holes = 9, nine = 'front' or 'back', and
--   the 9-hole course rating and slope rating the golfer typed (course_rating, slope_rating, sent
--   with the insert and kept); the copy trigger takes the nine's hole pars and stroke indexes from
--   the tee (holes 1–9 or 10–18) and par as their sum. On a 9-hole tee `nine` is refused.
-- - A 9-hole round scores 9–100 (an 18-hole one 18–200, as before).
-- - Deleting a course's last tee is refused with restrict_violation (PostgREST: 400).
--
-- Existing data: every course gets one 18-hole tee 'Default' with its id, rating, slope and par
-- (created when the course was); every round on a course is played from that tee (tee_id = its
-- course's id, tee_name 'Default', par the course's), with 18 holes. Nothing else changes.

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

-- Every existing course's first tee, as old as the course.
insert into public.tees (id, course_id, user_id, name, course_rating, slope_rating, par, holes, created_at)
  select c.id, c.id, c.user_id, 'Default', c.rating, c.slope, c.par, 18, c.created_at
  from public.courses as c;

alter table public.rounds
  add column tee_id text references public.tees (id) on delete set null,
  add column holes integer not null default 18,
  add column tee_name text,
  add column par integer,
  add column hole_pars integer[],
  add column stroke_indexes integer[],
  add column nine text;

-- Every existing round on a course was played from its course's only tee.
update public.rounds as r
  set tee_id = c.id, tee_name = 'Default', par = c.par
  from public.courses as c
  where c.id = r.course_id;

alter table public.rounds
  drop constraint rounds_course_rating_is_20_to_90_in_tenths,
  drop constraint rounds_score_is_18_to_200,
  add constraint rounds_holes_is_9_or_18 check (holes in (9, 18)),
  add constraint rounds_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths check (
    course_rating = round(course_rating, 1)
    and (
      (holes = 18 and course_rating between 20.0 and 90.0)
      or (holes = 9 and course_rating between 10.0 and 45.0)
    )
  ),
  add constraint rounds_score_is_18_to_200_or_9_to_100_for_nine check (
    (holes = 18 and score between 18 and 200) or (holes = 9 and score between 9 and 100)
  ),
  add constraint rounds_tee_name_is_1_to_100_characters check (char_length(tee_name) between 1 and 100),
  add constraint rounds_par_is_27_to_90_or_27_to_45_for_nine check (
    par between 27 and case holes when 9 then 45 else 90 end
  ),
  add constraint rounds_hole_data_has_one_value_per_hole check (
    (hole_pars is null or cardinality(hole_pars) = holes)
    and (stroke_indexes is null or cardinality(stroke_indexes) = holes)
  ),
  add constraint rounds_nine_is_front_or_back_of_a_9_hole_round check (
    nine is null or (nine in ('front', 'back') and holes = 9)
  );

create index rounds_tee_id_idx on public.rounds (tee_id);

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

-- A round is played from one tee (issue 22) and keeps copies of it: the course's name and the
-- tee's name, rating, slope, par, holes, hole pars and stroke indexes. The tee decides 9 or 18
-- holes. A nine played from an 18-hole tee is a round with `nine` 'front' or 'back': it has 9
-- holes, the 9-hole course rating and slope the golfer typed (kept as sent: no tee holds them, and
-- the checks hold them to a nine's bounds), and the nine's hole pars and stroke indexes taken from
-- the tee (holes 1–9 or 10–18; par their sum), when the tee has them. `nine` on a 9-hole tee is
-- refused: that tee is the nine.
create function public.round_from_tee(round public.rounds, tee public.tees, course_name text)
  returns public.rounds
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  first_hole integer;
begin
  round.course_id := tee.course_id;
  round.course_name := course_name;
  round.tee_name := tee.name;
  if round.nine is null then
    round.holes := tee.holes;
    round.course_rating := tee.course_rating;
    round.slope_rating := tee.slope_rating;
    round.par := tee.par;
    round.hole_pars := tee.hole_pars;
    round.stroke_indexes := tee.stroke_indexes;
    return round;
  end if;
  if tee.holes = 9 then
    raise exception using
      errcode = 'check_violation',
      message = 'front or back nine is only for an 18-hole tee: a 9-hole tee is played as it is';
  end if;
  if round.course_rating is null or round.slope_rating is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'a nine from an 18-hole tee needs its 9-hole course rating and slope rating';
  end if;
  first_hole := case round.nine when 'back' then 10 else 1 end;
  round.holes := 9;
  round.hole_pars := tee.hole_pars[first_hole:first_hole + 8];
  round.stroke_indexes := tee.stroke_indexes[first_hole:first_hole + 8];
  round.par := public.sum_of(round.hole_pars);
  return round;
end;
$$;

-- The tee a round is played from: the given tee, else its course's first (earliest created).
-- Plain arguments, not a rounds row (PostgREST would offer a function of one row as a computed
-- column of rounds). It runs as its owner so it can see the tee whatever the caller's policies say, and then checks
-- ownership itself: the tee (or course) must belong to the round's golfer, who must be the caller
-- when there is one. One that does not exist and someone else's give the same error, so the error
-- reveals nothing about other golfers' ids. insufficient_privilege (42501) is what an RLS refusal
-- raises, and PostgREST answers it with 403 (401 for anon), the same as a forged user_id. A tee
-- given with a course that is not its own is refused the same way.
create function public.tee_of_round(tee_id text, course_id text, golfer uuid)
  returns public.tees
  language plpgsql
  stable
  security definer
  set search_path = ''
as $$
declare
  tee public.tees;
begin
  if tee_of_round.tee_id is not null then
    select t.* into tee
      from public.tees as t
      where t.id = tee_of_round.tee_id
        and t.user_id = golfer
        and t.user_id = coalesce(auth.uid(), golfer)
        and t.course_id = coalesce(tee_of_round.course_id, t.course_id);
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'a round can only be played from one of your own tees';
    end if;
  else
    select t.* into tee
      from public.tees as t
      join public.courses as c on c.id = t.course_id
      where c.id = tee_of_round.course_id
        and c.user_id = golfer
        and c.user_id = coalesce(auth.uid(), golfer)
      order by t.created_at, t.id
      limit 1;
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'a round can only be added on one of your own courses';
    end if;
  end if;
  return tee;
end;
$$;

-- Makes the database the authority for a new round's copies: a round sent as before, with only
-- course_id, is played from that course's first tee; with tee_id, from that tee. An undone round
-- goes back exactly as it was: with the copies it had (the tee may have been edited since, or
-- deleted).
create or replace function public.copy_course_into_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  tee public.tees;
begin
  if public.is_undoing_a_deletion() then
    return new;
  end if;

  if new.course_id is null and new.tee_id is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'a new round needs a course',
      detail = 'course_id is null.';
  end if;

  tee := public.tee_of_round(new.tee_id, new.course_id, new.user_id);
  new.tee_id := tee.id;
  return public.round_from_tee(
    new, tee, (select c.name from public.courses as c where c.id = tee.course_id)
  );
end;
$$;

-- Rounds are editable: score, day played, course, tee, and a nine's side and typed rating and
-- slope. The copies stay the database's: a new tee re-copies that tee; a new course without a new
-- tee re-copies the course's first tee; a changed side, or a changed typed rating or slope of a
-- nine from an 18-hole tee, re-copies the round's own tee (which must still exist). Otherwise the
-- copies are kept as they were whatever the update sends, the same way the insert trigger
-- overwrites forged copies. The id, the owner and the creation time never change. course_id and
-- tee_id may become null: that is the foreign keys' "on delete set null". Undo of a deleted course
-- or tee re-links its rounds without re-copying (they keep the copies they were added with); only
-- public.undo_deletion does that, behind a transaction-local setting.
create or replace function public.copy_course_into_edited_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  tee public.tees;
  retee boolean;
begin
  if (new.id, new.user_id, new.created_at) is distinct from (old.id, old.user_id, old.created_at)
  then
    raise exception using
      errcode = 'check_violation',
      message = 'a round''s id, owner and creation time cannot change';
  end if;

  retee := (new.tee_id is not null and new.tee_id is distinct from old.tee_id)
    or (new.course_id is not null and new.course_id is distinct from old.course_id)
    or (not public.is_undoing_a_deletion() and new.nine is distinct from old.nine)
    or (
      not public.is_undoing_a_deletion()
      and new.nine is not null
      and (new.course_rating, new.slope_rating) is distinct from (old.course_rating, old.slope_rating)
    );

  if retee then
    if new.tee_id is not distinct from old.tee_id
      and new.course_id is distinct from old.course_id then
      -- Moved onto another course: played from its first tee.
      new.tee_id := null;
    end if;
    if new.tee_id is null and new.course_id is null then
      raise exception using
        errcode = 'not_null_violation',
        message = 'this round''s tee was deleted: pick a tee',
        detail = 'tee_id is null.';
    end if;
    begin
      tee := public.tee_of_round(new.tee_id, new.course_id, new.user_id);
    exception when insufficient_privilege then
      raise exception using
        errcode = 'insufficient_privilege',
        message = case when new.tee_id is null
          then 'a round can only be moved onto one of your own courses'
          else 'a round can only be played from one of your own tees' end;
    end;
    if not public.is_undoing_a_deletion() then
      new.tee_id := tee.id;
      return public.round_from_tee(
        new, tee, (select c.name from public.courses as c where c.id = tee.course_id)
      );
    end if;
  end if;

  select
    old.course_name, old.course_rating, old.slope_rating, old.tee_name, old.holes, old.par,
    old.hole_pars, old.stroke_indexes, old.nine
  into
    new.course_name, new.course_rating, new.slope_rating, new.tee_name, new.holes, new.par,
    new.hole_pars, new.stroke_indexes, new.nine;
  return new;
end;
$$;

comment on table public.rounds is
  'Rounds played, each from one tee. course_name, tee_name, course_rating, slope_rating, par, holes, hole_pars and stroke_indexes are copies set by the database from the golfer''s own tee when the round is added or moved (a nine from an 18-hole tee keeps its typed rating and slope); editing the course or tee later leaves them as they were.';

revoke update on table public.rounds from authenticated;
grant update (course_id, score, played_on, tee_id, nine, course_rating, slope_rating)
  on table public.rounds to authenticated;
revoke all on function public.round_from_tee(public.rounds, public.tees, text)
  from public, anon, authenticated;
revoke all on function public.tee_of_round(text, text, uuid) from public, anon, authenticated;

alter table public.deletions
  drop constraint deletions_table_name_is_courses_or_rounds,
  add constraint deletions_table_name_is_courses_rounds_or_tees check (
    table_name in ('courses', 'rounds', 'tees')
  );

comment on table public.deletions is
  'One row per deleted course, tee or round, readable only by its golfer: how their other devices learn of a delete (Realtime checks RLS for an INSERT, never for a DELETE), and what Undo restores.';

create or replace function public.record_deletion() returns trigger
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
  before delete on public.tees
  for each row execute function public.record_deletion();

-- Undo: puts the golfer's most recently deleted course, tee or round back exactly as it was, id
-- included, and a course's or tee's rounds back on it (with the copies they had). A course comes
-- back with the tees deleted with it (same deleted_at: the same transaction), and its rounds on
-- their tees. The insert goes through the tables' constraints and triggers, so Realtime delivers
-- it as an INSERT to every device. A round whose course or tee has since been deleted comes back
-- without it, as rounds of a deleted course are; a tee whose course is gone cannot come back.
-- Nothing to undo, or a deletion of someone else's, is the same error. Undo is idempotent, like
-- every other change the app's outbox sends: a device that lost the answer to an Undo sends it
-- again, and finding the golfer's row already back is success.
create or replace function public.undo_deletion(kind text, record_id text) returns void
  language plpgsql
  security definer
  set search_path = ''
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
      insert into public.tees (id, course_id, user_id, name, course_rating, slope_rating, par)
        select c.id, c.id, c.user_id, 'Default', c.rating, c.slope, c.par
        from public.courses as c
        where c.id = deletion.record_id;
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
    if not exists (
      select 1 from public.courses as c
      where c.id = restored_round.course_id and c.user_id = deletion.user_id
    ) then
      restored_round.course_id := null;
    end if;
    if not exists (
      select 1 from public.tees as t
      where t.id = restored_round.tee_id and t.user_id = deletion.user_id
    ) then
      restored_round.tee_id := null;
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


-- round_differentials reads r.*, which Postgres expands when the view is made: made again, it
-- carries the rounds' new columns through its CTEs (its own columns are unchanged).
create or replace view public.round_differentials
  with (security_invoker = on)
as
with differentials as (
  select
    r.*,
    (
      floor(
        (2 * 113 * (10 * r.score - (10 * r.course_rating)::integer) + r.slope_rating)::numeric
          / (2 * r.slope_rating)
      ) / 10
    )::numeric(4, 1) as differential
  from public.rounds as r
),
ranked as (
  select
    d.*,
    row_number() over (
      partition by d.user_id order by d.differential, d.played_on desc, d.id desc
    ) as position,
    count(*) over (partition by d.user_id) as rounds_count
  from differentials as d
)
select
  ranked.id,
  ranked.user_id,
  ranked.course_id,
  ranked.course_name,
  ranked.course_rating,
  ranked.slope_rating,
  ranked.score,
  ranked.differential,
  ranked.created_at,
  ranked.played_on,
  coalesce(ranked.position <= rule.counted, false) as counts
from ranked
left join lateral public.differentials_used(ranked.rounds_count) as rule on true;
