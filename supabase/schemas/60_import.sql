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
-- Tees and holes: a row may also carry tee_name, holes (9 or 18) and tee_id (a ULID for
-- a tee the import creates; the row's round_id when absent). A row with neither a tee name nor 9
-- holes is an old file's row and is imported exactly as before: 18 holes on its course's first
-- tee. Any other row is played from the golfer's tee of that name, holes, rating and slope on
-- their course of that name (the earliest, by id), created when missing; a 9-hole row without a
-- tee name uses the tee '9 holes'. A course missing for an 18-hole row is created (its first tee
-- takes the row's tee name); a course missing for a 9-hole row is a bad request: a course needs
-- its 18-hole rating, which a nine does not give.
--
-- Hole scores: a row may also carry hole_pars, stroke_indexes, hole_strokes, hole_putts,
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
-- A game: a row may also carry game, the round's game as the rounds table keeps it
-- (17_games.sql). Such a row is read as one with hole data (a game is only kept with a round scored
-- hole by hole); each partner's tee is the golfer's tee of that name on the row's course (the
-- earliest), else the tee the round is played from; the game's rules refuse with the row named.
--
-- A whole file: payload may instead be an object { rounds, tees, settings }: rounds as
-- above, where a row may also carry nine ('front' or 'back': the nine of the 18-hole tee of that
-- name, with the row's 9-hole rating and slope; without such a tee, a 9-hole tee as before) and
-- par (a created tee's par when the row has no hole pars; a tee is matched on it too); tees (see
-- private.import_tees), stored before the rounds so their rounds are played from them; settings
-- (private.import_settings). All of it in the same transaction. The answer adds tees_added and
-- settings_changed (for an object only). A file's adjusted gross scores are not sent: the
-- handicap computes them from the holes, as for any round.
--
-- A file over the row limit is a bad request (invalid_parameter_value, 22023: PostgREST answers
-- 400 with the message, the count in the detail and what to do in the hint), not a server failure.
-- The current definition: the migrations build exactly this; a test compares them. The API is
-- public.import_rounds; its parts are private functions, with the caller's rights like it.
-- A refused row of the file: a bad request (invalid_parameter_value) whose message names the row
-- (its place in the payload, from 1) before the problem: 'row 3, hole 7: …' or 'row 3: …'.
create function private.refuse_row(row_number bigint, problem text) returns void
  language plpgsql immutable set search_path = ''
as $$
begin
  if problem is not null then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = format(
        'row %s%s %s', row_number, case when problem ~ '^hole [0-9]' then ',' else ':' end, problem
      );
  end if;
end;
$$;

-- A row of the file, typed, with its place in the file (from 1): the file's columns written once.
create type private.file_row as (
  round_id text,
  course_id text,
  tee_id text,
  course_name text,
  course_rating numeric,
  slope_rating integer,
  played_on date,
  score integer,
  tee_name text,
  holes integer,
  nine text,
  par integer,
  "position" bigint
);

-- The file's rows. The place is set last, so a file's own "position" key cannot change it.
create function private.file_rows(payload jsonb)
  returns setof private.file_row
  language sql immutable set search_path = ''
as $$
  select r.*
  from jsonb_array_elements(payload) with ordinality as e (value, place),
    jsonb_populate_record(
      null::private.file_row, e.value || jsonb_build_object('position', e.place)
    ) as r
  order by e.place;
$$;

-- The rows of an old file: no tee name, 18 holes, no hole data (`holed_rows` are those with some).
create function private.old_file_rows(payload jsonb, holed_rows bigint[])
  returns setof private.file_row
  language sql immutable set search_path = ''
as $$
  select r.*
  from private.file_rows(payload) as r
  where r.tee_name is null
    and coalesce(r.holes, 18) = 18
    and r.position <> all (holed_rows);
$$;

-- The golfer's course an old file's row names by its name, rating and slope (the first made).
create function private.course_rated(golfer uuid, name text, rating numeric, slope integer)
  returns text
  language sql stable set search_path = ''
as $$
  select c.id
  from public.courses as c
  where c.user_id = course_rated.golfer
    and c.name = course_rated.name
    and c.rating = course_rated.rating
    and c.slope = course_rated.slope
  order by c.id
  limit 1;
$$;

-- A row the golfer has already: a round of theirs with its day, course, ratings and score, so a
-- file imported twice adds its rounds once.
create function private.has_round(
  golfer uuid,
  played_on date,
  course_name text,
  course_rating numeric,
  slope_rating integer,
  score integer
) returns boolean
  language sql stable set search_path = ''
as $$
  select exists (
    select 1 from public.rounds as e
    where e.user_id = has_round.golfer
      and e.played_on = has_round.played_on
      and e.course_name = has_round.course_name
      and e.course_rating = has_round.course_rating
      and e.slope_rating = has_round.slope_rating
      and e.score = has_round.score
  );
$$;

-- The rows of an old file: their missing courses, then their rounds, each in one statement.
create function private.import_totals(
  payload jsonb,
  golfer uuid,
  holed_rows bigint[],
  out courses_added integer,
  out rounds_added integer
)
  language plpgsql security invoker set search_path = ''
as $$
begin
  insert into public.courses (id, name, rating, slope)
  select distinct on (r.course_name, r.course_rating, r.slope_rating)
    r.course_id, r.course_name, r.course_rating, r.slope_rating
  from private.old_file_rows(payload, holed_rows) as r
  where private.course_rated(golfer, r.course_name, r.course_rating, r.slope_rating) is null
  order by r.course_name, r.course_rating, r.slope_rating, r.position;
  get diagnostics courses_added = row_count;

  insert into public.rounds (id, course_id, played_on, score)
  select distinct on (r.played_on, r.course_name, r.course_rating, r.slope_rating, r.score)
    r.round_id,
    private.course_rated(golfer, r.course_name, r.course_rating, r.slope_rating),
    r.played_on,
    r.score
  from private.old_file_rows(payload, holed_rows) as r
  where not private.has_round(
    golfer, r.played_on, r.course_name, r.course_rating, r.slope_rating, r.score
  )
  order by r.played_on, r.course_name, r.course_rating, r.slope_rating, r.score, r.position;
  get diagnostics rounds_added = row_count;
end;
$$;

-- A row's hole data: JSON arrays of whole numbers (booleans for fairways and greens; null only in
-- the details), read as a round's arrays; the tee's holes held to a tee's bounds here, so that
-- the refusal names the row.
create function private.hole_data_of_row(item jsonb, row_number bigint, holes integer)
  returns public.rounds
  language plpgsql immutable set search_path = ''
as $$
declare
  hole_keys constant text[] := array[
    'hole_pars', 'stroke_indexes', 'hole_strokes', 'hole_putts', 'hole_fairways', 'hole_greens',
    'hole_penalties'
  ];
  hole_key text;
  list jsonb;
  bad record;
  holed public.rounds;
begin
  foreach hole_key in array hole_keys loop
    list := item -> hole_key;
    continue when list is null or jsonb_typeof(list) = 'null';
    if jsonb_typeof(list) <> 'array' then
      perform private.refuse_row(row_number, format('%s must be a list, one per hole', hole_key));
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
      perform private.refuse_row(row_number, format(
        'hole %s: %s %s', bad.hole,
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
      ));
    end if;
  end loop;
  holed := jsonb_populate_record(null::public.rounds, (
    select jsonb_object_agg(k.key, k.value) from jsonb_each(item) as k where k.key = any (hole_keys)
  ));
  perform private.refuse_row(row_number, case
    when private.broken_hole_rule(
      '{card}', holes, holed.hole_pars, holed.stroke_indexes, hole_strokes => holed.hole_strokes
    ) is not null
      then 'a round scored hole by hole needs each hole''s par and stroke index'
    else private.broken_hole_rule(
      '{hole_pars,stroke_indexes,hole_pars_total}', holes, holed.hole_pars, holed.stroke_indexes
    )
  end);
  return holed;
end;
$$;

-- The golfer's course of that name, the earliest by id (null when they have none): the course a
-- file's row or tee is on.
create function private.course_named(golfer uuid, name text) returns text
  language sql stable set search_path = ''
as $$
  select c.id
  from public.courses as c
  where c.user_id = course_named.golfer and c.name = course_named.name
  order by c.id
  limit 1;
$$;

-- The golfer's course of a row's course name (private.course_named), else one created from the
-- row, whose first tee takes the row's tee name, par or hole data (not for a nine: a course needs
-- its 18-hole rating).
create function private.course_of_row(
  golfer uuid,
  teed record,
  holed public.rounds,
  tee_label text,
  out course text,
  out course_added integer
)
  language plpgsql security invoker set search_path = ''
as $$
begin
  course_added := 0;
  course := private.course_named(golfer, teed.course_name);
  if course is null then
    if teed.holes = 9 then
      raise exception using
        errcode = 'invalid_parameter_value',
        message = 'a 9-hole round needs its course: add the course, then import again',
        detail = format('%s is not one of your courses.', teed.course_name);
    end if;
    insert into public.courses (id, name, rating, slope)
      values (teed.course_id, teed.course_name, teed.course_rating, teed.slope_rating);
    course_added := 1;
    course := teed.course_id;
    update public.tees as t set name = tee_label where t.id = course and t.name <> tee_label;
    if holed.hole_pars is null and teed.par is not null then
      update public.tees as t set par = teed.par where t.id = course;
    end if;
    if num_nonnulls(holed.hole_pars, holed.stroke_indexes) > 0 then
      update public.tees as t
        set par = coalesce(private.sum_of(holed.hole_pars), t.par),
          hole_pars = holed.hole_pars,
          stroke_indexes = holed.stroke_indexes
        where t.id = course;
    end if;
  end if;
end;
$$;

-- The tee a row with a tee name, 9 holes or hole data is played from: the golfer's tee of that
-- name, holes, rating and slope (and the row's hole pars and stroke indexes, when it has them) on
-- their course of that name (the earliest, by id), created when missing, with the course when
-- that is missing too (not for a nine: a course needs its 18-hole rating).
create function private.tee_of_row(
  golfer uuid,
  teed record,
  holed public.rounds,
  out tee text,
  out course_added integer,
  out nine text
)
  language plpgsql security invoker set search_path = ''
as $$
declare
  tee_label text := coalesce(
    teed.tee_name, case when teed.holes = 9 then '9 holes' else 'Default' end
  );
  first_hole constant integer := case teed.nine when 'back' then 10 else 1 end;
  course text;
begin
  select c.course, c.course_added into course, course_added
    from private.course_of_row(golfer, teed, holed, tee_label) as c;
  -- A nine played from an 18-hole tee: that tee, by name, its holes matching the
  -- row's; without one, the nine is played from a 9-hole tee as an older file's nine is.
  if teed.nine is not null then
    select t.id into tee
      from public.tees as t
      where t.course_id = course
        and t.name = tee_label
        and t.holes = 18
        and (
          holed.hole_pars is null
          or (
            t.hole_pars[first_hole:first_hole + 8],
            t.stroke_indexes[first_hole:first_hole + 8]
          ) is not distinct from (holed.hole_pars, holed.stroke_indexes)
        )
      order by t.created_at, t.id
      limit 1;
    if found then
      nine := teed.nine;
      return;
    end if;
  end if;
  select t.id into tee
    from public.tees as t
    where t.course_id = course
      and t.name = tee_label
      and t.holes = coalesce(teed.holes, 18)
      and (teed.par is null or holed.hole_pars is not null or t.par = teed.par)
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
        coalesce(private.sum_of(holed.hole_pars), teed.par), holed.hole_pars, holed.stroke_indexes
      );
  end if;
end;
$$;

-- A row's game with each partner's tee found from the round's tee `tee` (private.partner_tee);
-- null for a row without one.
-- The rules of private.broken_game_rule refuse with the row named.
create function private.game_of_row(
  game jsonb,
  row_number bigint,
  holes integer,
  hole_strokes integer[],
  tee text
) returns jsonb
  language plpgsql stable security invoker set search_path = ''
as $$
begin
  if game is null or jsonb_typeof(game) = 'null' then
    return null;
  end if;
  if jsonb_typeof(game) = 'object' and private.broken_game_rule('{partners}', game, holes, null) is null
  then
    game := jsonb_set(game, '{partners}', (
      select jsonb_agg(
        p.value || jsonb_build_object('tee_id', private.partner_tee(tee, p.value ->> 'tee_name'))
        order by p.place
      )
      from jsonb_array_elements(game -> 'partners') with ordinality as p (value, place)
    ));
  end if;
  perform private.refuse_row(row_number, private.broken_game_rule(null, game, holes, hole_strokes));
  return game;
end;
$$;

-- One tee of a file's tees (private.import_tees), as the file writes it.
create type private.file_tee as (
  tee_id text,
  course_id text,
  course_name text,
  course_rating numeric,
  slope_rating integer,
  course_par integer,
  tee_name text,
  rating numeric,
  slope integer,
  par integer,
  holes integer,
  hole_pars integer[],
  stroke_indexes integer[]
);

-- A file's tees, each in one object: the course's name, rating, slope and par
-- (course_rating, slope_rating, course_par: what a missing course is created from), the tee's
-- tee_name, rating, slope, par, holes, hole_pars and stroke_indexes, and ULIDs for the course
-- (course_id) and the tee (tee_id). A tee is added to the golfer's course of that name (the
-- earliest, by id), created when missing, unless the course has one with the same name, holes,
-- rating, slope, par, hole pars and stroke indexes. A course created here takes its first tee
-- from the file's first tee of it: the tee the database makes with the course becomes that one,
-- so a course keeps its first tee and its tees' order. A refused tee names its place in the
-- list, from 1: 'tee 2: hole 5: par must be from 3 to 6'.
create function private.import_tees(
  tees jsonb,
  golfer uuid,
  out courses_added integer,
  out tees_added integer
)
  language plpgsql security invoker set search_path = ''
as $$
declare
  item record;
  course text;
  -- Courses created here whose first tee is still the one made with them.
  fresh text[] := '{}';
  problem text;
begin
  courses_added := 0;
  tees_added := 0;
  if tees is null or jsonb_typeof(tees) = 'null' then
    return;
  end if;
  if jsonb_typeof(tees) <> 'array' then
    raise exception using errcode = 'invalid_parameter_value', message = 'tees must be a list';
  end if;
  for item in
    select t.*, t.ordinality as "position"
    from jsonb_populate_recordset(null::private.file_tee, tees) with ordinality as t
    order by t.ordinality
  loop
    problem := case
      when item.course_name is null or item.tee_name is null then 'a tee needs its name and course'
      when coalesce(item.holes, 18) not in (9, 18) then 'the holes must be 9 or 18'
      when item.hole_pars is not null and item.par is distinct from private.sum_of(item.hole_pars)
        then format(
          'the hole pars add up to %s, not the par %s', private.sum_of(item.hole_pars),
          coalesce(item.par::text, '(none)')
        )
      else private.broken_hole_rule(
        '{hole_pars,stroke_indexes,hole_pars_total}', coalesce(item.holes, 18), item.hole_pars,
        item.stroke_indexes
      )
    end;
    if problem is not null then
      raise exception using
        errcode = 'invalid_parameter_value',
        message = format('tee %s: %s', item.position, problem);
    end if;
    course := private.course_named(golfer, item.course_name);
    if course is null then
      insert into public.courses (id, name, rating, slope, par)
        values (
          item.course_id, item.course_name, item.course_rating, item.slope_rating, item.course_par
        );
      courses_added := courses_added + 1;
      course := item.course_id;
      fresh := fresh || course;
    end if;
    if course = any (fresh) then
      -- The course's first tee, made with it from the course's values: it becomes the file's (as
      -- a course copied from the directory does).
      fresh := array_remove(fresh, course);
      update public.tees as t
        set name = item.tee_name,
          course_rating = item.rating,
          slope_rating = item.slope,
          par = item.par,
          holes = coalesce(item.holes, 18),
          hole_pars = item.hole_pars,
          stroke_indexes = item.stroke_indexes
        where t.id = course;
    elsif exists (
      select 1 from public.tees as t
      where t.course_id = course
        and t.name = item.tee_name
        and t.holes = coalesce(item.holes, 18)
        and t.course_rating = item.rating
        and t.slope_rating = item.slope
        and t.par is not distinct from item.par
        and (t.hole_pars, t.stroke_indexes)
          is not distinct from (item.hole_pars, item.stroke_indexes)
    ) then
      continue;
    else
      insert into public.tees (
        id, course_id, name, course_rating, slope_rating, holes, par, hole_pars, stroke_indexes
      )
        values (
          item.tee_id, course, item.tee_name, item.rating, item.slope, coalesce(item.holes, 18),
          item.par, item.hole_pars, item.stroke_indexes
        );
    end if;
    tees_added := tees_added + 1;
  end loop;
end;
$$;

-- A file's settings: course_handicap_source ('spec' or 'whs') and starting_index
-- (-10.0 to 54.0 in tenths, or null for none); a key left out keeps the golfer's value.
create function private.import_settings(settings jsonb, golfer uuid)
  returns boolean
  language plpgsql security invoker set search_path = ''
as $$
declare
  source text;
  starting numeric;
begin
  if settings is null or jsonb_typeof(settings) = 'null' then
    return false;
  end if;
  if jsonb_typeof(settings) <> 'object' then
    raise exception using errcode = 'invalid_parameter_value', message = 'settings must be an object';
  end if;
  if settings ? 'course_handicap_source' then
    source := settings ->> 'course_handicap_source';
    if source is null or source not in ('spec', 'whs') then
      raise exception using
        errcode = 'invalid_parameter_value',
        message = 'settings: the course handicap source must be spec or whs';
    end if;
  end if;
  if settings ? 'starting_index' and jsonb_typeof(settings -> 'starting_index') <> 'null' then
    if jsonb_typeof(settings -> 'starting_index') <> 'number'
      or (settings ->> 'starting_index')::numeric not between -10.0 and 54.0
      or (settings ->> 'starting_index')::numeric <> round((settings ->> 'starting_index')::numeric, 1)
    then
      raise exception using
        errcode = 'invalid_parameter_value',
        message = 'settings: the starting index must be from -10.0 to 54.0, in tenths';
    end if;
    starting := (settings ->> 'starting_index')::numeric;
  end if;
  insert into public.handicap_settings (user_id, course_handicap_source, starting_index)
    values (golfer, coalesce(source, 'spec'), starting)
    on conflict (user_id) do update
      set course_handicap_source = case
          when settings ? 'course_handicap_source' then excluded.course_handicap_source
          else public.handicap_settings.course_handicap_source
        end,
        starting_index = case
          when settings ? 'starting_index' then excluded.starting_index
          else public.handicap_settings.starting_index
        end;
  return true;
end;
$$;

-- One row of the file played from a tee (a tee name, 9 holes, a nine, hole data or a game; `item`
-- the row as sent): its hole data read, its tee found or made (private.tee_of_row), and its round
-- added unless the golfer has it already, the card's and the game's rules refusing with the row
-- named.
create function private.import_teed_row(
  golfer uuid,
  teed record,
  item jsonb,
  out course_added integer,
  out round_added integer
)
  language plpgsql security invoker set search_path = ''
as $$
declare
  holed public.rounds;
  placed record;
begin
  if teed.nine is not null and (teed.nine not in ('front', 'back') or teed.holes is distinct from 9)
  then
    perform private.refuse_row(teed.position, 'a nine is front or back, of a 9-hole round');
  end if;
  holed := private.hole_data_of_row(item, teed.position, coalesce(teed.holes, 18));
  placed := private.tee_of_row(golfer, teed, holed);
  course_added := placed.course_added;
  round_added := 0;
  if not private.has_round(
    golfer, teed.played_on, teed.course_name, teed.course_rating, teed.slope_rating, teed.score
  ) then
    -- The card's rules (the rounds trigger's, in the same words) with the row named.
    perform private.refuse_row(teed.position, private.broken_hole_rule(
      null, coalesce(teed.holes, 18), holed.hole_pars, holed.stroke_indexes, teed.score,
      holed.hole_strokes, holed.hole_putts, holed.hole_fairways, holed.hole_greens,
      holed.hole_penalties
    ));
    -- The holes the golfer picked up, on the row's holes (the tee's, which the row's match).
    perform private.refuse_row(teed.position, private.broken_pick_up_rule(
      null, item -> 'game', coalesce(teed.holes, 18), placed.nine, holed.hole_pars,
      holed.stroke_indexes, holed.hole_strokes
    ));
    -- A nine from an 18-hole tee keeps its own 9-hole rating and slope; the tee gives the rest.
    insert into public.rounds (
      id, tee_id, nine, course_rating, slope_rating, played_on, score, hole_strokes, hole_putts,
      hole_fairways, hole_greens, hole_penalties, game
    )
      values (
        teed.round_id, placed.tee, placed.nine, teed.course_rating, teed.slope_rating,
        teed.played_on, teed.score, holed.hole_strokes, holed.hole_putts, holed.hole_fairways,
        holed.hole_greens, holed.hole_penalties,
        private.game_of_row(
          item -> 'game', teed.position, coalesce(teed.holes, 18), holed.hole_strokes, placed.tee
        )
      );
    round_added := 1;
  end if;
end;
$$;

create function public.import_rounds(payload jsonb) returns jsonb
  language plpgsql security invoker set search_path = ''
as $$
declare
  golfer uuid := auth.uid();
  added record;
  courses_added integer;
  rounds_added integer;
  total integer;
  holed_rows bigint[];
  teed record;
  placed record;
  file_tees jsonb;
  file_settings jsonb;
  teed_in record;
  settings_changed boolean;
  whole_file boolean := jsonb_typeof(payload) = 'object';
begin
  if golfer is null then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'only a signed-in golfer can import rounds';
  end if;
  -- A whole file: its rounds, tees and settings; an array is its rounds alone.
  if jsonb_typeof(payload) = 'object' then
    file_tees := payload -> 'tees';
    file_settings := payload -> 'settings';
    payload := coalesce(payload -> 'rounds', '[]'::jsonb);
  end if;
  if jsonb_typeof(payload) is distinct from 'array' then
    raise exception using
      errcode = 'invalid_parameter_value',
      message = 'payload must be an array of rounds, or an object with rounds, tees and settings';
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
  -- The golfer's handicap walk once at the end, not after each card's insert.
  perform pg_catalog.set_config('hcpfast.walk_deferred', 'on', true);

  -- The rows with hole data (a hole key not null) are played from a tee with it, in the loop.
  holed_rows := array(
    select e.position
    from jsonb_array_elements(payload) with ordinality as e (item, position)
    where jsonb_typeof(e.item) = 'object'
      and exists (
        select 1 from jsonb_each(e.item) as k
        where k.key in (
          'hole_pars', 'stroke_indexes', 'hole_strokes', 'hole_putts', 'hole_fairways',
          'hole_greens', 'hole_penalties', 'game'
        )
          and k.value <> 'null'
      )
  );
  settings_changed := private.import_settings(file_settings, golfer);
  -- The tees first, so that the rounds played from them find them.
  teed_in := private.import_tees(file_tees, golfer);
  added := private.import_totals(payload, golfer, holed_rows);
  courses_added := teed_in.courses_added + added.courses_added;
  rounds_added := added.rounds_added;

  for teed in
    select r.*
    from private.file_rows(payload) as r
    where r.tee_name is not null or r.holes is distinct from 18 and r.holes is not null
      or r.position = any (holed_rows) or r.nine is not null
    order by r.position
  loop
    placed := private.import_teed_row(golfer, teed, payload -> (teed.position::integer - 1));
    courses_added := courses_added + placed.course_added;
    rounds_added := rounds_added + placed.round_added;
  end loop;

  perform pg_catalog.set_config('hcpfast.walk_deferred', 'off', true);
  perform private.rewalk_own_record();
  return jsonb_build_object(
    'courses_added', courses_added,
    'rounds_added', rounds_added,
    'rounds_skipped', total - rounds_added
  ) || case
    when whole_file then
      jsonb_build_object('tees_added', teed_in.tees_added, 'settings_changed', settings_changed)
    else '{}'::jsonb
  end;
end;
$$;

comment on function public.import_rounds(jsonb) is
  'Adds a golfer''s rounds (and missing courses) from an imported file in one transaction, skipping duplicates; runs under the caller''s RLS.';

-- The import runs as the golfer.
grant execute on function
  private.file_rows(jsonb),
  private.old_file_rows(jsonb, bigint[]),
  private.course_rated(uuid, text, numeric, integer),
  private.has_round(uuid, date, text, numeric, integer, integer),
  private.refuse_row(bigint, text),
  private.course_named(uuid, text),
  private.import_totals(jsonb, uuid, bigint[]),
  private.hole_data_of_row(jsonb, bigint, integer),
  private.course_of_row(uuid, record, public.rounds, text),
  private.tee_of_row(uuid, record, public.rounds),
  private.game_of_row(jsonb, bigint, integer, integer[], text),
  private.import_teed_row(uuid, record, jsonb),
  private.import_tees(jsonb, uuid),
  private.import_settings(jsonb, uuid)
  to authenticated;
revoke all on function public.import_rounds(jsonb) from anon, authenticated, service_role;
grant execute on function public.import_rounds(jsonb) to authenticated;
