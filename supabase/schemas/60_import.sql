-- Imports a golfer's rounds from a spreadsheet in one call, so a file is stored whole or not at
-- all: the function runs in the single transaction of its request, and any refused row (a
-- constraint, RLS, the rounds trigger) rolls back every course and round it added.
--
-- security invoker: it runs as the calling golfer, so row-level security, the column grants and
-- the rounds trigger apply exactly as they do to the app's own inserts. It adds nothing a golfer
-- could not add one row at a time.
--
-- `payload` is a JSON array of objects with round_id and course_id (ULIDs made by the client, as the
-- app makes them for every row), course_name, course_rating, slope_rating, played_on and score.
--
-- Courses are matched by name, course rating and slope (exactly, as stored); a course the golfer
-- does not have yet is created once, under the course_id of its first row. A round is a duplicate,
-- and skipped, when the golfer already has a round with the same date played, course name, course
-- rating, slope rating and score, or when an earlier row of the same file has them all. So
-- importing the same file twice adds nothing the second time, and a round that was exported and
-- is imported again is recognised even when its course has since been deleted or renamed.
--
-- Tees and holes (issue 22): a row may also carry tee_name, holes (9 or 18) and tee_id (a ULID for
-- a tee the import creates; the row's round_id when absent). A row with neither a tee name nor 9
-- holes is an old file's row and is imported exactly as before: 18 holes on its course's first
-- tee. Any other row is played from the golfer's tee of that name, holes, rating and slope on
-- their course of that name (the earliest, by id), created when missing; a 9-hole row without a
-- tee name uses the tee '9 holes'. A course missing for an 18-hole row is created (its first tee
-- takes the row's tee name); a course missing for a 9-hole row is a bad request: a course needs
-- its 18-hole rating, which a nine does not give.
--
-- A file over the row limit is a bad request (invalid_parameter_value, 22023: PostgREST answers
-- 400 with the message, the count in the detail and what to do in the hint), not a server failure.
-- The current definition: the migrations build exactly this; a test compares them.
create function public.import_rounds(payload jsonb) returns jsonb
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  golfer uuid := auth.uid();
  courses_added integer;
  rounds_added integer;
  total integer;
  teed record;
  tee_label text;
  course text;
  tee text;
begin
  if golfer is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'only a signed-in golfer can import rounds';
  end if;
  if jsonb_typeof(payload) is distinct from 'array' then
    raise exception using errcode = 'invalid_parameter_value', message = 'payload must be an array';
  end if;
  total := jsonb_array_length(payload);
  if total > 10000 then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'at most 10000 rounds can be imported at once',
      detail = format('The file has %s rounds.', total),
      hint = 'Split the file into files of at most 10000 rounds and import each.';
  end if;

  -- Two imports of the same file at once (two tabs) must not both find a round missing.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('import_rounds:' || golfer::text));

  insert into public.courses (id, name, rating, slope)
  select distinct on (r.course_name, r.course_rating, r.slope_rating)
    r.course_id, r.course_name, r.course_rating, r.slope_rating
  from rows from (
    jsonb_to_recordset(payload) as (
      round_id text,
      course_id text,
      course_name text,
      course_rating numeric,
      slope_rating integer,
      played_on date,
      score integer,
      tee_name text,
      holes integer
    )
  ) with ordinality as r (
    round_id, course_id, course_name, course_rating, slope_rating, played_on, score, tee_name,
    holes, position
  )
  where r.tee_name is null
    and coalesce(r.holes, 18) = 18
    and not exists (
    select 1 from public.courses as c
    where c.user_id = golfer
      and c.name = r.course_name
      and c.rating = r.course_rating
      and c.slope = r.slope_rating
  )
  order by r.course_name, r.course_rating, r.slope_rating, r.position;
  get diagnostics courses_added = row_count;

  insert into public.rounds (id, course_id, played_on, score)
  select distinct on (r.played_on, r.course_name, r.course_rating, r.slope_rating, r.score)
    r.round_id,
    (
      select c.id from public.courses as c
      where c.user_id = golfer
        and c.name = r.course_name
        and c.rating = r.course_rating
        and c.slope = r.slope_rating
      order by c.id
      limit 1
    ),
    r.played_on,
    r.score
  from rows from (
    jsonb_to_recordset(payload) as (
      round_id text,
      course_id text,
      course_name text,
      course_rating numeric,
      slope_rating integer,
      played_on date,
      score integer,
      tee_name text,
      holes integer
    )
  ) with ordinality as r (
    round_id, course_id, course_name, course_rating, slope_rating, played_on, score, tee_name,
    holes, position
  )
  where r.tee_name is null
    and coalesce(r.holes, 18) = 18
    and not exists (
    select 1 from public.rounds as e
    where e.user_id = golfer
      and e.played_on = r.played_on
      and e.course_name = r.course_name
      and e.course_rating = r.course_rating
      and e.slope_rating = r.slope_rating
      and e.score = r.score
  )
  order by r.played_on, r.course_name, r.course_rating, r.slope_rating, r.score, r.position;
  get diagnostics rounds_added = row_count;

  for teed in
    select r.*
    from rows from (
      jsonb_to_recordset(payload) as (
        round_id text,
        course_id text,
        tee_id text,
        course_name text,
        course_rating numeric,
        slope_rating integer,
        played_on date,
        score integer,
        tee_name text,
        holes integer
      )
    ) with ordinality as r (
      round_id, course_id, tee_id, course_name, course_rating, slope_rating, played_on, score,
      tee_name, holes, position
    )
    where r.tee_name is not null or r.holes is distinct from 18 and r.holes is not null
    order by r.position
  loop
    tee_label := coalesce(teed.tee_name, case when teed.holes = 9 then '9 holes' else 'Default' end);
    select c.id into course
      from public.courses as c
      where c.user_id = golfer and c.name = teed.course_name
      order by c.id
      limit 1;
    if not found then
      if teed.holes = 9 then
        raise exception using
          errcode = 'invalid_parameter_value',
          message = 'a 9-hole round needs its course: add the course, then import again',
          detail = format('%s is not one of your courses.', teed.course_name);
      end if;
      insert into public.courses (id, name, rating, slope)
        values (teed.course_id, teed.course_name, teed.course_rating, teed.slope_rating);
      courses_added := courses_added + 1;
      course := teed.course_id;
      update public.tees as t set name = tee_label where t.id = course and t.name <> tee_label;
    end if;
    select t.id into tee
      from public.tees as t
      where t.course_id = course
        and t.name = tee_label
        and t.holes = coalesce(teed.holes, 18)
        and t.course_rating = teed.course_rating
        and t.slope_rating = teed.slope_rating
      order by t.created_at, t.id
      limit 1;
    if not found then
      tee := coalesce(teed.tee_id, teed.round_id);
      insert into public.tees (id, course_id, name, course_rating, slope_rating, holes)
        values (
          tee, course, tee_label, teed.course_rating, teed.slope_rating, coalesce(teed.holes, 18)
        );
    end if;
    if not exists (
      select 1 from public.rounds as e
      where e.user_id = golfer
        and e.played_on = teed.played_on
        and e.course_name = teed.course_name
        and e.course_rating = teed.course_rating
        and e.slope_rating = teed.slope_rating
        and e.score = teed.score
    ) then
      insert into public.rounds (id, tee_id, played_on, score)
        values (teed.round_id, tee, teed.played_on, teed.score);
      rounds_added := rounds_added + 1;
    end if;
  end loop;

  return jsonb_build_object(
    'courses_added', courses_added,
    'rounds_added', rounds_added,
    'rounds_skipped', total - rounds_added
  );
end;
$$;

comment on function public.import_rounds(jsonb) is
  'Adds a golfer''s rounds (and missing courses) from an imported file in one transaction, skipping duplicates; runs under the caller''s RLS.';

revoke all on function public.import_rounds(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.import_rounds(jsonb) to authenticated;
