-- A golfer's bad input is answered with a 4xx, never a 500: a file over import_rounds' row limit
-- raised program_limit_exceeded (54000), which PostgREST answers with 500 Internal Server Error as
-- if the server had failed. It now raises invalid_parameter_value (22023), which PostgREST answers
-- with 400 Bad Request (on Supabase as on the local stack), with the count in the detail and what
-- to do in the hint. Otherwise the same function as before (supabase/schemas/60_import.sql holds
-- its current text); the comment and grants made when it was created stay with it.
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
      score integer
    )
  ) with ordinality as r (
    round_id, course_id, course_name, course_rating, slope_rating, played_on, score, position
  )
  where not exists (
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
      score integer
    )
  ) with ordinality as r (
    round_id, course_id, course_name, course_rating, slope_rating, played_on, score, position
  )
  where not exists (
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

  return jsonb_build_object(
    'courses_added', courses_added,
    'rounds_added', rounds_added,
    'rounds_skipped', total - rounds_added
  );
end;
$$;
