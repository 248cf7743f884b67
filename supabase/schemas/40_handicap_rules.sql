-- The handicap's rules in SQL, so that any client (or a report) gets the same numbers as the app
-- without re-implementing them. The app's TypeScript module (src/features/handicap/lib) computes
-- the same thing; tests compare the two on thousands of random round sets. The current definition
-- of every rule: the migrations build exactly this (a test compares them).
--
-- Each rule is one small function in `private` (not exposed by the API), each written once: the
-- WHS table, the mean of the lowest, the differential, the pairing of nines, the course handicap,
-- net double bogey, the exceptional reduction and the caps. The walk (41_handicap_walk.sql)
-- composes them over a golfer's record; the database keeps the walk (42_handicap_kept.sql) and
-- the views read it (43_handicap_views.sql).
--
-- Everything is computed in whole tenths and integers, exactly, ties toward +∞: the course rating
-- is a whole number of tenths (a constraint guarantees it), so 10 × (score − rating) is an integer
-- t, and the differential in tenths, 113 × t / slope rounded half up (WHS Rule 5.1), is
-- floor((2·113·t + slope) / (2·slope)). The numeric division there is exact enough: the quotient
-- is a fraction with denominator at most 310, so it is either an integer or at least 1/310 away
-- from one, far beyond numeric's 16 significant digits.
--
-- plpgsql rather than SQL functions: the walk calls these once or twice per round, and Postgres
-- 17 plans a SQL function's body again on every call (a function with its own search_path is
-- never inlined).

-- The WHS table of the product spec, and its only copy in the schema: for n rounds (3 or more),
-- how many of the lowest differentials are averaged and the adjustment in tenths; nulls below 3.
create function private.differentials_used(
  rounds_count bigint,
  out counted integer,
  out adjustment_tenths integer
)
  language plpgsql immutable set search_path = ''
as $$
begin
  if rounds_count >= 3 then
    counted := case
      when rounds_count >= 20 then 8
      when rounds_count = 19 then 7
      when rounds_count >= 17 then 6
      when rounds_count >= 15 then 5
      when rounds_count >= 12 then 4
      when rounds_count >= 9 then 3
      when rounds_count >= 6 then 2
      else 1
    end;
    adjustment_tenths := case rounds_count when 3 then 20 when 4 then 10 when 6 then 10 else 0 end;
  end if;
end;
$$;

comment on function private.differentials_used(bigint) is
  'The WHS table of the product spec, the only copy in the schema: for a number of rounds (3 or more), how many of the lowest differentials are averaged (counted) and the adjustment subtracted, in tenths. Nulls below 3 rounds.';

-- The `how_many` lowest differentials, ascending, and their places (1-based) in the list; of two
-- equal ones the later place (the more recent entry) comes first, so it is the one that counts at
-- a cut-off. One pass, kept by insertion.
create function private.lowest_of(
  differentials integer[],
  how_many integer,
  out lowest integer[],
  out places integer[]
)
  language plpgsql immutable set search_path = ''
as $$
declare
  kept integer := 0;
  place integer;
begin
  lowest := '{}';
  places := '{}';
  for at in 1 .. coalesce(cardinality(differentials), 0) loop
    if kept < how_many then
      kept := kept + 1;
      place := kept;
    elsif differentials[at] <= lowest[how_many] then
      place := how_many;
    else
      continue;
    end if;
    while place > 1 and lowest[place - 1] >= differentials[at] loop
      lowest[place] := lowest[place - 1];
      places[place] := places[place - 1];
      place := place - 1;
    end loop;
    lowest[place] := differentials[at];
    places[place] := at;
  end loop;
end;
$$;

-- The index (tenths) of `entries` entries from their lowest differentials (tenths, ascending; the
-- lowest 8 are enough): the mean of the table's lowest, to the nearest tenth with ties toward +∞,
-- less its adjustment; null below 3. The spec's index over all the entries and the WHS
-- estimate's over the latest 20 both come from here.
create function private.index_of_lowest(lowest integer[], entries bigint) returns integer
  language plpgsql immutable set search_path = ''
as $$
declare
  rule record := private.differentials_used(entries);
  total integer := 0;
begin
  if rule.counted is null then
    return null;
  end if;
  for place in 1 .. rule.counted loop
    total := total + lowest[place];
  end loop;
  return floor((2 * total + rule.counted)::numeric / (2 * rule.counted))::integer
    - rule.adjustment_tenths;
end;
$$;

-- An ascending list with one value more and, when `leaving` is given, one (equal to it) less: a
-- binary search (width_bucket) and slices, so the walk keeps its lists in order without a loop.
create function private.sorted_with(sorted integer[], joining integer, leaving integer)
  returns integer[]
  language plpgsql immutable set search_path = ''
as $$
declare
  place integer;
begin
  if leaving is not null then
    place := width_bucket(leaving, sorted);
    sorted := sorted[:place - 1] || sorted[place + 1:];
  end if;
  place := width_bucket(joining, sorted);
  return sorted[:place] || joining || sorted[place + 1:];
end;
$$;

-- The score differential in tenths (WHS Rule 5.1): 113 / slope × (score − course rating).
create function private.differential_tenths(
  score integer,
  course_rating numeric,
  slope_rating integer
) returns integer
  language plpgsql immutable set search_path = ''
as $$
begin
  return floor(
    (2 * 113 * (10 * score - (10 * course_rating)::integer) + slope_rating)::numeric
      / (2 * slope_rating)
  )::integer;
end;
$$;

-- What the handicap counts: every 18-hole round as itself, and two 9-hole rounds as one
-- 18-hole entry, the WHS 2020 method (fully published, unlike 2024's "expected score"): the
-- scores and the ratings added, the slope the mean of the two to the nearest whole (ties up), the
-- pars added (null when either nine has none); the entry is the later round's (its id, day and
-- tee). Which nines pair is the walk's: in record order each nine pairs with the next unpaired
-- one. As eighteenHoleEntries in src/features/handicap/lib/scoring-entries.ts.
create function private.paired_nines(first public.rounds, second public.rounds)
  returns public.rounds
  language plpgsql immutable set search_path = ''
as $$
begin
  second.holes := 18;
  second.score := first.score + second.score;
  second.course_rating := first.course_rating + second.course_rating;
  second.slope_rating := (first.slope_rating + second.slope_rating + 1) / 2;
  second.par := first.par + second.par;
  return second;
end;
$$;

-- Course handicap (WHS Rule 6.1) of an index given in tenths, the one formula of the schema
-- (public.course_handicaps per tee, the walk per round). 18 holes: index × slope / 113
-- + (course rating − par), to the nearest whole number, halves toward +∞; in tenths of the index I
-- and of the rating R that is (I × slope + 113 × (R − 10 × par)) / 1130, an exact ratio of
-- integers. 9 holes: the index is halved and rounded to a tenth first (ties up), then the same.
-- Null when the index or the par is.
create function private.course_handicap(
  index_tenths integer,
  course_rating numeric,
  slope_rating integer,
  par integer,
  holes integer
) returns integer
  language sql immutable strict set search_path = ''
as $$
  select floor(
    (
      2 * (
        case holes when 9 then floor((index_tenths + 1)::numeric / 2)::integer else index_tenths end
          * slope_rating
          + 113 * ((course_rating * 10)::integer - 10 * par)
      ) + 1130
    )::numeric / 2260
  )::integer;
$$;

comment on function private.course_handicap(integer, numeric, integer, integer, integer) is
  'Course handicap of an index in tenths on a rating, slope, par and 9 or 18 holes (the index halved to a tenth first for 9): nearest whole, halves toward +∞; null without index or par.';

-- Net double bogey (WHS Rule 3.1), as src/features/handicap/lib/adjusted-gross.ts
-- (a test compares them on 20,000 random cards). Strokes follow the rank of each hole's stroke
-- index on the card, so a nine numbered 1, 3, …, 17 or 2, 4, …, 18 allocates as one numbered
-- 1 … 9: with a course handicap C ≥ 0 on H holes every hole receives C / H (whole) and the C mod H
-- holes of lowest index one more; a plus handicap gives strokes back from the highest index down
-- the same way. In hole order.
create function private.strokes_received(course_handicap integer, stroke_indexes integer[])
  returns integer[]
  language plpgsql immutable set search_path = ''
as $$
declare
  holes integer := coalesce(cardinality(stroke_indexes), 0);
  direction integer := case when course_handicap < 0 then -1 else 1 end;
  ranked integer[];
  received integer[];
begin
  if course_handicap is null then
    return null;
  end if;
  if holes = 0 then
    return '{}';
  end if;
  -- Hardest first for strokes received, easiest first for strokes given back; a repeated index
  -- (never on a valid card) keeps hole order.
  select array_agg(h.hole::integer order by direction * h.stroke_index, direction * h.hole)
  into ranked
  from unnest(stroke_indexes) with ordinality as h(stroke_index, hole);
  received := array_fill(direction * (abs(course_handicap) / holes), array[holes]);
  for place in 1 .. abs(course_handicap) % holes loop
    received[ranked[place]] := received[ranked[place]] + direction;
  end loop;
  return received;
end;
$$;

comment on function private.strokes_received(integer, integer[]) is
  'Strokes received on each hole (in hole order) for a course handicap: every hole the whole part of C / holes, and the C mod holes holes of lowest stroke index one more; a plus handicap (C < 0) gives them back from the highest index. By rank of index, so a nine''s 1, 3, …, 17 works.';

-- Each hole counts at most par + 2 + the strokes received, or par + 5 with no course handicap
-- (no index yet); the adjusted gross score is their sum.
create function private.adjusted_gross_score(
  hole_pars integer[],
  stroke_indexes integer[],
  hole_strokes integer[],
  course_handicap integer
) returns integer
  language plpgsql immutable set search_path = ''
as $$
declare
  received integer[] := private.strokes_received(coalesce(course_handicap, 0), stroke_indexes);
  total integer := 0;
begin
  for hole in 1 .. coalesce(cardinality(hole_pars), 0) loop
    total := total + least(
      hole_strokes[hole],
      hole_pars[hole] + case when course_handicap is null then 5 else 2 + received[hole] end
    );
  end loop;
  return total;
end;
$$;

comment on function private.adjusted_gross_score(integer[], integer[], integer[], integer) is
  'The gross score with each hole held to its net double bogey: par + 2 + strokes received from the course handicap, or par + 5 when it is null (no index yet).';

-- The score a round counts: a round scored hole by hole its adjusted gross score, off
-- the course handicap, on the round's own copies of rating, slope, par and holes, of index_tenths
-- (the golfer's index in effect on the day played; null: none, par + 5 on every hole); a round
-- entered as a total its score, with no course handicap.
create function private.net_double_bogey(
  round public.rounds,
  index_tenths integer,
  out adjusted_score integer,
  out course_handicap integer
)
  language plpgsql immutable set search_path = ''
as $$
begin
  adjusted_score := round.score;
  if cardinality(round.hole_strokes) = cardinality(round.hole_pars)
    and cardinality(round.stroke_indexes) = cardinality(round.hole_pars)
  then
    course_handicap := private.course_handicap(
      index_tenths, round.course_rating, round.slope_rating,
      coalesce(round.par, private.sum_of(round.hole_pars)), round.holes
    );
    adjusted_score := private.adjusted_gross_score(
      round.hole_pars, round.stroke_indexes, round.hole_strokes, course_handicap
    );
  end if;
end;
$$;

-- Rule 5.9: a differential 10.0 or more below the index in effect takes 2.0 off, 7.0 to 9.9 1.0.
create function private.exceptional_reduction(index_tenths integer, differential_tenths integer)
  returns integer
  language plpgsql immutable set search_path = ''
as $$
begin
  return case
    when index_tenths - differential_tenths >= 100 then 2
    when index_tenths - differential_tenths >= 70 then 1
    else 0
  end;
end;
$$;

-- The WHS estimate (tenths) from the latest 20 differentials, each less the exceptional
-- reductions covering it, given in ascending order as `latest` less `reduced` (see the walk): the
-- table's mean of the lowest, then Rule 5.8's caps above the low index (null before 20 entries):
-- a rise beyond 3.0 halved (soft), held at 5.0 (hard); never above 54.0.
create function private.whs_estimate(
  latest integer[],
  reduced integer,
  low_index integer,
  out index_tenths integer,
  out cap text
)
  language plpgsql immutable set search_path = ''
as $$
declare
  soft integer;
begin
  index_tenths := private.index_of_lowest(latest, cardinality(latest)) - reduced;
  cap := 'none';
  if index_tenths - low_index > 30 then
    soft := low_index + 30 + (index_tenths - low_index - 30 + 1) / 2;
    if soft > low_index + 50 then
      index_tenths := low_index + 50;
      cap := 'hard';
    elsif soft < index_tenths then
      index_tenths := soft;
      cap := 'soft';
    end if;
  end if;
  if index_tenths > 540 then
    index_tenths := 540;
  end if;
end;
$$;

-- Every rule runs as whoever reads or writes the handicap (signed-in golfers, service_role).
grant execute on function
  private.differentials_used, private.lowest_of, private.index_of_lowest, private.sorted_with,
  private.differential_tenths, private.paired_nines, private.course_handicap,
  private.strokes_received, private.adjusted_gross_score, private.net_double_bogey,
  private.exceptional_reduction, private.whs_estimate
  to authenticated, service_role;
