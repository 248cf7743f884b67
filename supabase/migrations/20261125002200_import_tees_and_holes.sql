-- import_rounds carries tees and holes (issue 22): a row may name its tee (tee_name), its holes
-- (9 or 18) and an id for a tee it creates (tee_id). An old file's rows, with neither, import
-- exactly as before: 18 holes on the course's first tee. Why each rule: the current definition in
-- supabase/schemas/60_import.sql; a test checks these migrations build exactly that.
create or replace function public.import_rounds(payload jsonb) returns jsonb
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
