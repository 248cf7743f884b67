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
-- Hole scores (issue 23): a row may also carry hole_pars, stroke_indexes, hole_strokes, hole_putts,
-- hole_fairways, hole_greens and hole_penalties, JSON arrays in hole order (null elements allowed
-- in the four detail arrays: not recorded). A row with any of them is played from a tee as above,
-- chosen by one more rule: the golfer's tee of that course with the same name, holes, rating,
-- slope, hole pars and stroke indexes (the earliest), else a new tee with them (its par their
-- sum); a course created for the row gets them on its first tee. A round with hole_strokes needs
-- hole_pars and stroke_indexes. Bad hole data is a bad request (invalid_parameter_value) whose
-- message names the row (its place in the payload, from 1) and the hole, in the words of the
-- rounds trigger where it is the one that refuses: 'row 3, hole 7: putts can't be more than
-- strokes'. Rows without hole data import exactly as before.
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
  hole_keys constant text[] := array[
    'hole_pars', 'stroke_indexes', 'hole_strokes', 'hole_putts', 'hole_fairways', 'hole_greens',
    'hole_penalties'
  ];
  holed_rows bigint[];
  hole_key text;
  list jsonb;
  bad record;
  holed public.rounds;
  hole_count integer;
  most_par integer;
  refused_by text;
  bad_check text;
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

  -- The rows with hole data (a hole key not null) are played from a tee with it, in the loop.
  holed_rows := array(
    select e.position
    from jsonb_array_elements(payload) with ordinality as e (item, position)
    where jsonb_typeof(e.item) = 'object'
      and exists (
        select 1 from jsonb_each(e.item) as k where k.key = any (hole_keys) and k.value <> 'null'
      )
  );

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
    and r.position <> all (holed_rows)
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
    and r.position <> all (holed_rows)
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
      or r.position = any (holed_rows)
    order by r.position
  loop
    -- Hole data: JSON arrays of whole numbers (booleans for fairways and greens; null only in the
    -- details), then read as the round's arrays.
    foreach hole_key in array hole_keys loop
      list := payload -> (teed.position::integer - 1) -> hole_key;
      continue when list is null or jsonb_typeof(list) = 'null';
      if jsonb_typeof(list) <> 'array' then
        raise exception using
          errcode = 'invalid_parameter_value',
          message = format('row %s: %s must be a list, one per hole', teed.position, hole_key);
      end if;
      select h.hole, h.value into bad
        from jsonb_array_elements(list) with ordinality as h (value, hole)
        where case
          when jsonb_typeof(h.value) = 'null' then
            hole_key in ('hole_pars', 'stroke_indexes', 'hole_strokes')
          when hole_key in ('hole_fairways', 'hole_greens') then jsonb_typeof(h.value) <> 'boolean'
          when jsonb_typeof(h.value) <> 'number' then true
          else scale(h.value::numeric) <> 0 or abs(h.value::numeric) >= 10000
        end
        order by h.hole
        limit 1;
      if found then
        raise exception using
          errcode = 'invalid_parameter_value',
          message = format(
            'row %s, hole %s: %s %s', teed.position, bad.hole,
            case hole_key
              when 'hole_pars' then 'par'
              when 'stroke_indexes' then 'stroke index'
              when 'hole_strokes' then 'strokes'
              when 'hole_putts' then 'putts'
              when 'hole_fairways' then 'fairway hit'
              when 'hole_greens' then 'green in regulation'
              else 'penalty strokes'
            end,
            case
              when jsonb_typeof(bad.value) = 'null' then 'missing'
              when hole_key in ('hole_fairways', 'hole_greens') then 'must be true, false or empty'
              else 'must be a whole number'
            end
          );
      end if;
    end loop;
    holed := jsonb_populate_record(null::public.rounds, (
      select jsonb_object_agg(k.key, k.value)
        from jsonb_each(payload -> (teed.position::integer - 1)) as k
        where k.key = any (hole_keys)
    ));

    -- The tee's hole data, held to a tee's bounds here so that the refusal names the row.
    hole_count := coalesce(teed.holes, 18);
    refused_by := case
      when holed.hole_strokes is not null
        and (holed.hole_pars is null or holed.stroke_indexes is null)
        then 'a round scored hole by hole needs each hole''s par and stroke index'
      when holed.hole_pars is not null and not public.is_one_per_hole(holed.hole_pars, hole_count)
        then format('hole pars need one value per hole: %s, not %s', hole_count,
          cardinality(holed.hole_pars))
      when holed.stroke_indexes is not null and not public.is_one_per_hole(holed.stroke_indexes, hole_count)
        then format('stroke indexes need one value per hole: %s, not %s', hole_count,
          cardinality(holed.stroke_indexes))
    end;
    refused_by := coalesce(refused_by, (
      select format('hole %s: par must be from 3 to 6', h.hole)
        from unnest(holed.hole_pars) with ordinality as h (par, hole)
        where h.par not between 3 and 6
        order by h.hole
        limit 1
    ), (
      select format('hole %s: stroke index must be from 1 to 18, each once', h.hole)
        from unnest(holed.stroke_indexes) with ordinality as h (stroke_index, hole)
        where h.stroke_index not between 1 and 18
          or h.stroke_index = any (holed.stroke_indexes[:h.hole - 1])
        order by h.hole
        limit 1
    ));
    most_par := case hole_count when 9 then 45 else 90 end;
    if refused_by is null and public.sum_of(holed.hole_pars) > most_par then
      refused_by := format(
        'the hole pars add up to %s, more than a tee''s par can be (%s)',
        public.sum_of(holed.hole_pars), most_par
      );
    end if;
    if refused_by is not null then
      raise exception using
        errcode = 'invalid_parameter_value',
        message = format(
          'row %s%s %s', teed.position, case when refused_by ~ '^hole [0-9]' then ',' else ':' end,
          refused_by
        );
    end if;
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
      if num_nonnulls(holed.hole_pars, holed.stroke_indexes) > 0 then
        update public.tees as t
          set par = coalesce(public.sum_of(holed.hole_pars), t.par),
            hole_pars = holed.hole_pars,
            stroke_indexes = holed.stroke_indexes
          where t.id = course;
      end if;
    end if;
    select t.id into tee
      from public.tees as t
      where t.course_id = course
        and t.name = tee_label
        and t.holes = coalesce(teed.holes, 18)
        and t.course_rating = teed.course_rating
        and t.slope_rating = teed.slope_rating
        and (
          num_nonnulls(holed.hole_pars, holed.stroke_indexes) = 0
          or (t.hole_pars, t.stroke_indexes)
            is not distinct from (holed.hole_pars, holed.stroke_indexes)
        )
      order by t.created_at, t.id
      limit 1;
    if not found then
      -- The file's tee id, unless an earlier row's tee (other hole data) took it.
      tee := case
        when exists (select 1 from public.tees as t where t.id = teed.tee_id) then teed.round_id
        else coalesce(teed.tee_id, teed.round_id)
      end;
      insert into public.tees (
        id, course_id, name, course_rating, slope_rating, holes, par, hole_pars, stroke_indexes
      )
        values (
          tee, course, tee_label, teed.course_rating, teed.slope_rating, coalesce(teed.holes, 18),
          public.sum_of(holed.hole_pars), holed.hole_pars, holed.stroke_indexes
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
      begin
        insert into public.rounds (
          id, tee_id, played_on, score, hole_strokes, hole_putts, hole_fairways, hole_greens,
          hole_penalties
        )
          values (
            teed.round_id, tee, teed.played_on, teed.score, holed.hole_strokes, holed.hole_putts,
            holed.hole_fairways, holed.hole_greens, holed.hole_penalties
          );
      exception when check_violation then
        -- The rounds trigger's refusal of the holes (its words, no constraint) names the row;
        -- a table check's refusal stays as it is, as it was before hole data.
        get stacked diagnostics refused_by = message_text, bad_check = constraint_name;
        if bad_check <> '' then
          raise;
        end if;
        raise exception using
          errcode = 'invalid_parameter_value',
          message = format(
            'row %s%s %s', teed.position, case when refused_by ~ '^hole [0-9]' then ',' else ':' end,
            refused_by
          );
      end;
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
