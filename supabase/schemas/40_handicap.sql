-- The handicap in SQL, so that any client (or a report) gets the same numbers as the app without
-- re-implementing the rules. The app's TypeScript module (src/features/handicap/lib) computes the
-- same thing; tests compare the two on thousands of random round sets. The current definition of
-- every handicap view and function: the migrations build exactly this (a test compares them).
--
-- Each rule is one small function in `private` (not exposed by the API), each written once: the
-- WHS table, the mean of the lowest, the differential, the pairing of nines, the course handicap,
-- net double bogey, the exceptional reduction and the caps. private.walk_record composes them
-- over one golfer's record (private.walk_steps, private.whs_step, private.walk_rows),
-- private.walks_of over some golfers and private.whs_records over every golfer the caller can
-- read.
--
-- The views in `public` do not walk (issue 29): they read the walk as the database keeps it,
-- private.walked_rounds (per round) and private.golfer_handicaps (per golfer), rewritten for a
-- golfer by private.rewalk in the same transaction as any write that changes what the walk reads
-- (statement-level triggers on rounds and handicap_settings; import_rounds once at its end). So a
-- read costs the rows it returns, with or without the planner's statistics, and each write pays
-- its golfer's walk once, from the earliest day it touches on (issue 44: private.walk_start
-- resumes the walk from the kept rows before that day; the figures: BENCHMARKS.md).
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
-- never inlined). Every view is security_invoker, so the tables' RLS (the kept walk's tables have
-- the same owner-only policy as rounds) applies to whoever reads it.

-- The WHS table of the product spec, and its only copy in the schema: for n rounds (3 or more),
-- how many of the lowest differentials are averaged and the adjustment in tenths; nulls below 3.
create function private.differentials_used(
  rounds_count bigint,
  out counted integer,
  out adjustment_tenths integer
)
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
as $$
begin
  return floor(
    (2 * 113 * (10 * score - (10 * course_rating)::integer) + slope_rating)::numeric
      / (2 * slope_rating)
  )::integer;
end;
$$;

-- What the handicap counts (issue 22): every 18-hole round as itself, and two 9-hole rounds as one
-- 18-hole entry, the WHS 2020 method (fully published, unlike 2024's "expected score"): the
-- scores and the ratings added, the slope the mean of the two to the nearest whole (ties up), the
-- pars added (null when either nine has none); the entry is the later round's (its id, day and
-- tee). Which nines pair is the walk's: in record order each nine pairs with the next unpaired
-- one. As eighteenHoleEntries in src/features/handicap/lib/scoring-entries.ts.
create function private.paired_nines(first public.rounds, second public.rounds)
  returns public.rounds
  language plpgsql
  immutable
  set search_path = ''
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
  language sql
  immutable
  strict
  set search_path = ''
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

-- Net double bogey (issue 23 §4, WHS Rule 3.1), as src/features/handicap/lib/adjusted-gross.ts
-- (a test compares them on 20,000 random cards). Strokes follow the rank of each hole's stroke
-- index on the card, so a nine numbered 1, 3, …, 17 or 2, 4, …, 18 allocates as one numbered
-- 1 … 9: with a course handicap C ≥ 0 on H holes every hole receives C / H (whole) and the C mod H
-- holes of lowest index one more; a plus handicap gives strokes back from the highest index down
-- the same way. In hole order.
create function private.strokes_received(course_handicap integer, stroke_indexes integer[])
  returns integer[]
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
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

-- The score a round counts (issue 23): a round scored hole by hole its adjusted gross score, off
-- the course handicap, on the round's own copies of rating, slope, par and holes, of index_tenths
-- (the golfer's index in effect on the day played; null: none, par + 5 on every hole); a round
-- entered as a total its score, with no course handicap.
create function private.net_double_bogey(
  round public.rounds,
  index_tenths integer,
  out adjusted_score integer,
  out course_handicap integer
)
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
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
  language plpgsql
  immutable
  set search_path = ''
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

-- One row per round of a record, with what the walk makes of it (private.walk_record).
create type private.walked_round as (
  user_id uuid,
  round_id text,
  played_on date,
  differential numeric,
  adjusted_differential numeric,
  exceptional_reduction integer,
  index_after numeric,
  low_index numeric,
  cap text,
  counts boolean,
  adjusted_score integer,
  course_handicap integer,
  entry_id text,
  paired_with text,
  spec_index_after numeric,
  entry_score integer,
  entry_course_rating numeric,
  entry_slope_rating integer,
  entry_par integer
);

comment on type private.walked_round is
  'A round of the walk: its entry''s differential (a pair''s on both nines, null while a nine waits), adjusted differential (less every exceptional reduction covering it as of the last round) and exceptional reduction; the WHS estimate, low index and cap after the entries at or before it; counts (the final estimate is made from it); adjusted_score and the course_handicap it was scored off; entry_id (the later round of its entry), paired_with (the other nine), spec_index_after (the spec''s index, all entries, no 20-round window) and the entry''s score, rating, slope and par.';

-- The WHS estimate's running state from entry to entry (private.whs_step): the day of the last
-- entry, the estimate in effect on it (the one at the end of the day before) and its low index;
-- the low index's queue (end-of-day estimates of the past 365 days, rising from first to last);
-- the latest 20 keys (see the walk), ascending; and what the last step made of its entry.
create type private.whs_state as (
  entry_day date,
  in_effect integer,
  low_of_day integer,
  queue_days date[],
  queue_estimates integer[],
  latest integer[],
  reduction integer,
  index_tenths integer,
  cap text,
  low_index integer
);

-- The low index's queue with the estimate at the end of `day` joined last: the estimates not
-- below it leave from the back first, as none of them can be the lowest again.
create function private.low_queue_pushed(state private.whs_state, day date, estimate integer)
  returns private.whs_state
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  last integer := coalesce(cardinality(state.queue_estimates), 0);
begin
  while last > 0 and state.queue_estimates[last] >= estimate loop
    last := last - 1;
  end loop;
  state.queue_days := coalesce(state.queue_days[:last], '{}') || day;
  state.queue_estimates := coalesce(state.queue_estimates[:last], '{}') || estimate;
  return state;
end;
$$;

-- One entry of the WHS estimate. On the first entry of a day the estimate at the end of the
-- day before (`estimate_before`) is the one in effect (Rule 5.4) and joins the low index's
-- queue, whose estimates of more than 365 days before leave (Rule 5.7). Then the entry's
-- exceptional reduction (Rule 5.9), its key among the latest 20 (the differential plus the
-- reductions before it; `leaving`: the key that drops out) and the estimate with its caps.
create function private.whs_step(
  state private.whs_state,
  day date,
  differential integer,
  reduced_before integer,
  leaving integer,
  entries integer,
  estimate_before integer
) returns private.whs_state
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  first integer := 1;
  estimate record;
begin
  if state.entry_day is distinct from day then
    state.in_effect := estimate_before;
    if estimate_before is not null then
      state := private.low_queue_pushed(state, state.entry_day, estimate_before);
    end if;
    state.entry_day := day;
    while first <= cardinality(state.queue_days) and state.queue_days[first] < day - 365 loop
      first := first + 1;
    end loop;
    state.queue_days := state.queue_days[first:];
    state.queue_estimates := state.queue_estimates[first:];
    state.low_of_day := coalesce(state.queue_estimates[1], state.in_effect);
  end if;
  state.reduction := private.exceptional_reduction(state.in_effect, differential);
  state.latest := private.sorted_with(state.latest, differential + reduced_before, leaving);
  state.low_index := case when entries >= 20 then state.low_of_day end;
  estimate := private.whs_estimate(
    state.latest, reduced_before + 10 * state.reduction, state.low_index
  );
  state.index_tenths := estimate.index_tenths;
  state.cap := estimate.cap;
  return state;
end;
$$;

-- A walk in progress (issue 44: a write walks from the changed day on, so a walk can start from
-- the kept rows before that day, private.walk_start). Per round, in walk order (first the kept
-- rows it resumed with, `kept`, then the rounds it walked, `rounds`): the score counted and its
-- course handicap, its entry (null while a nine waits), the entries at or before it, the other
-- nine. The nine waiting and where. Per entry (numbered from the record's first, so an array
-- may start past 1): its later round, score, rating, slope, par, differential, reduction (and
-- those before it), key, the spec's index and the estimate after it with its low index and cap.
-- `entries` entries so far; spec_lowest: the lowest 8 differentials; whs: the estimate's state.
create type private.walk as (
  kept private.walked_round[],
  rounds public.rounds[],
  scores integer[],
  handicaps integer[],
  entry_of integer[],
  seen integer[],
  partners text[],
  waiting public.rounds,
  waiting_at integer,
  entries integer,
  entry_ids text[],
  entry_scores integer[],
  entry_ratings numeric[],
  entry_slopes integer[],
  entry_pars integer[],
  diffs integer[],
  reductions integer[],
  reduced_before integer[],
  keyed integer[],
  spec integer[],
  spec_lowest integer[],
  estimates integer[],
  lows integer[],
  caps text[],
  whs private.whs_state
);

-- The walk carried over `rounds` (the golfer's, in record order, all on days after those of
-- `walk`, or null to start afresh), as scoreRecord in src/features/handicap/lib/score-record.ts.
-- The WHS estimate is sequential (whether a round is exceptional depends on the estimate before
-- its day, which depends on earlier reductions and caps), and so is net double bogey (issue 23):
-- each card counts its adjusted gross off the golfer's chosen index in effect on the day played
-- (source: the spec's, over the entries of the days before, or the estimate), else the starting
-- index (issue 32: never in either index itself), else none. So one pass, O(20 · rounds): per
-- round its counted score and entry, per entry its differential, both indexes and the estimate's
-- step (private.whs_step). keyed[e] − reduced_before[r + 1] is diffs[e] less the reductions of
-- entries e … r.
create function private.walk_steps(
  walk private.walk,
  rounds public.rounds[],
  source text,
  starting_index numeric
) returns private.walk
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  round public.rounds;
  k integer := coalesce(cardinality(walk.kept), 0);
  r integer := coalesce(walk.entries, 0);
  scores integer[] := coalesce(walk.scores, '{}');
  handicaps integer[] := coalesce(walk.handicaps, '{}');
  entry_of integer[] := coalesce(walk.entry_of, '{}');
  seen integer[] := coalesce(walk.seen, '{}');
  partners text[] := coalesce(walk.partners, '{}');
  scored record;
  waiting public.rounds := walk.waiting;
  waiting_at integer := walk.waiting_at;
  entry_ids text[] := coalesce(walk.entry_ids, '{}');
  entry_scores integer[] := coalesce(walk.entry_scores, '{}');
  entry_ratings numeric[] := coalesce(walk.entry_ratings, '{}');
  entry_slopes integer[] := coalesce(walk.entry_slopes, '{}');
  entry_pars integer[] := coalesce(walk.entry_pars, '{}');
  diffs integer[] := coalesce(walk.diffs, '{}');
  reductions integer[] := coalesce(walk.reductions, '{}');
  reduced_before integer[] := coalesce(walk.reduced_before, '{0}');
  keyed integer[] := coalesce(walk.keyed, '{}');
  spec integer[] := coalesce(walk.spec, '{}');
  spec_lowest integer[] := coalesce(walk.spec_lowest, '{}');
  estimates integer[] := coalesce(walk.estimates, '{}');
  lows integer[] := coalesce(walk.lows, '{}');
  caps text[] := coalesce(walk.caps, '{}');
  whs private.whs_state := coalesce(
    walk.whs, row(null, null, null, '{}', '{}', '{}', null, null, null, null)::private.whs_state
  );
  -- The index in effect for the day's cards.
  round_day date;
  chosen integer;
begin
  foreach round in array rounds loop
    if round_day is distinct from round.played_on then
      round_day := round.played_on;
      chosen := coalesce(
        case source when 'whs' then estimates[r] else spec[r] end, (10 * starting_index)::integer
      );
    end if;
    k := k + 1;
    scored := private.net_double_bogey(round, chosen);
    round.score := scored.adjusted_score;
    scores[k] := round.score;
    handicaps[k] := scored.course_handicap;
    seen[k] := r;
    if round.holes = 9 and waiting_at is null then
      waiting := round;
      waiting_at := k;
      continue;
    end if;
    r := r + 1;
    if round.holes = 9 then
      entry_of[waiting_at] := r;
      partners[waiting_at] := round.id;
      partners[k] := waiting.id;
      round := private.paired_nines(waiting, round);
      waiting_at := null;
    end if;
    entry_of[k] := r;
    seen[k] := r;
    entry_ids[r] := round.id;
    entry_scores[r] := round.score;
    entry_ratings[r] := round.course_rating;
    entry_slopes[r] := round.slope_rating;
    entry_pars[r] := round.par;
    diffs[r] := private.differential_tenths(round.score, round.course_rating, round.slope_rating);
    spec_lowest := (private.sorted_with(spec_lowest, diffs[r], null))[:8];
    spec[r] := private.index_of_lowest(spec_lowest, r);
    whs := private.whs_step(
      whs, round.played_on, diffs[r], reduced_before[r], keyed[r - 20], r, estimates[r - 1]
    );
    reductions[r] := whs.reduction;
    reduced_before[r + 1] := reduced_before[r] + 10 * reductions[r];
    keyed[r] := diffs[r] + reduced_before[r];
    estimates[r] := whs.index_tenths;
    lows[r] := whs.low_index;
    caps[r] := whs.cap;
  end loop;
  return row(
    coalesce(walk.kept, '{}'), coalesce(walk.rounds, '{}') || rounds, scores, handicaps,
    entry_of, seen, partners, waiting, waiting_at, r, entry_ids, entry_scores, entry_ratings,
    entry_slopes, entry_pars, diffs, reductions, reduced_before, keyed, spec, spec_lowest,
    estimates, lows, caps, whs
  )::private.walk;
end;
$$;

-- The rows of a walk: each round shows its entry's values (both nines of a pair the pair's, a
-- waiting nine none), the adjusted differential less the reductions of its entry and the 19
-- after it, and whether it counts: the final estimate is made from the lowest of the latest 20.
-- A kept row the walk resumed with keeps what the rounds before it made (its score, handicaps
-- and estimate); the rest is made again, as the entries after it decide it.
create function private.walk_rows(walk private.walk) returns setof private.walked_round
  language plpgsql
  immutable
  set search_path = ''
as $$
declare
  kept private.walked_round[] := walk.kept;
  rounds public.rounds[] := walk.rounds;
  placed integer := coalesce(cardinality(walk.kept), 0);
  entries integer := walk.entries;
  entry_of integer[] := walk.entry_of;
  seen integer[] := walk.seen;
  partners text[] := walk.partners;
  scores integer[] := walk.scores;
  handicaps integer[] := walk.handicaps;
  entry_ids text[] := walk.entry_ids;
  entry_scores integer[] := walk.entry_scores;
  entry_ratings numeric[] := walk.entry_ratings;
  entry_slopes integer[] := walk.entry_slopes;
  entry_pars integer[] := walk.entry_pars;
  diffs integer[] := walk.diffs;
  reductions integer[] := walk.reductions;
  reduced_before integer[] := walk.reduced_before;
  spec integer[] := walk.spec;
  estimates integer[] := walk.estimates;
  lows integer[] := walk.lows;
  caps text[] := walk.caps;
  latest integer[];
  r integer;
  result private.walked_round;
begin
  -- The places (among the latest 20) of the lowest the final estimate is made from.
  latest := (private.lowest_of(
    walk.keyed[greatest(entries - 19, 1):entries],
    (private.differentials_used(least(entries, 20))).counted
  )).places;
  for j in 1 .. placed + coalesce(cardinality(rounds), 0) loop
    if j <= placed then
      result := kept[j];
    else
      result.user_id := rounds[j - placed].user_id;
      result.round_id := rounds[j - placed].id;
      result.played_on := rounds[j - placed].played_on;
      result.adjusted_score := scores[j];
      result.course_handicap := handicaps[j];
      result.index_after := (estimates[seen[j]] / 10.0)::numeric(4, 1);
      result.low_index := (lows[seen[j]] / 10.0)::numeric(4, 1);
      result.cap := coalesce(caps[seen[j]], 'none');
      result.spec_index_after := (spec[seen[j]] / 10.0)::numeric(4, 1);
    end if;
    r := entry_of[j];
    result.paired_with := partners[j];
    result.entry_id := entry_ids[r];
    result.entry_score := entry_scores[r];
    result.entry_course_rating := entry_ratings[r];
    result.entry_slope_rating := entry_slopes[r];
    result.entry_par := entry_pars[r];
    result.differential := (diffs[r] / 10.0)::numeric(4, 1);
    result.adjusted_differential := ((
      diffs[r] - (reduced_before[least(r + 19, entries) + 1] - reduced_before[r])
    ) / 10.0)::numeric(4, 1);
    result.exceptional_reduction := reductions[r];
    result.counts := coalesce(r - greatest(entries - 20, 0) = any (latest), false);
    return next result;
  end loop;
end;
$$;

-- One golfer's record walked in record order (played_on, id), from its first round.
create function private.walk_record(
  rounds public.rounds[],
  source text,
  starting_index numeric
) returns setof private.walked_round
  language plpgsql
  immutable
  set search_path = ''
as $$
begin
  return query
    select * from private.walk_rows(private.walk_steps(null, rounds, source, starting_index));
end;
$$;

-- The walk over the given golfers, each record in one piece: one row per round, in record order
-- (user_id, played_on, id). It runs with the caller's rights: RLS on rounds and handicap_settings
-- decides which of their rounds it sees.
create function private.walks_of(golfers uuid[]) returns setof private.walked_round
  language plpgsql
  stable
  set search_path = ''
as $$
begin
  return query
    select w.*
    from (
      select r.user_id, array_agg(r order by r.played_on, r.id) as rounds
      from public.rounds as r
      where r.user_id = any (golfers)
      group by r.user_id
      order by r.user_id
    ) as g
    left join public.handicap_settings as s on s.user_id = g.user_id
    cross join lateral private.walk_record(
      g.rounds, coalesce(s.course_handicap_source, 'spec'), s.starting_index
    ) as w;
end;
$$;

-- The walk over every golfer the caller can read, as the views read it before it was kept.
create function private.whs_records() returns setof private.walked_round
  language plpgsql
  stable
  set search_path = ''
as $$
begin
  return query
    select w.* from private.walks_of(array(select distinct r.user_id from public.rounds as r)) as w;
end;
$$;

comment on function private.whs_records() is
  'The handicap walk over the rounds the caller can read, one row per round in record order (user_id, played_on, id): see private.walked_round. Not an official index: playing conditions, committee adjustments and penalty scores are not modelled.';

-- The walk, kept (issue 29): the views read these two tables, which the database rewrites for a
-- golfer in the transaction that changes what the walk reads (their rounds, their choice of
-- index and starting index), so a read costs what reading the rows costs, whatever the record's
-- length and whatever the planner's statistics, and a write pays the golfer's walk once
-- (private.rewalk). One row per round: the walk's (private.walked_round) and counts_for_index,
-- whether it is among the lowest the spec's index averages.
create table private.walked_rounds (
  user_id uuid not null,
  round_id text primary key,
  played_on date not null,
  differential numeric,
  adjusted_differential numeric,
  exceptional_reduction integer,
  index_after numeric,
  low_index numeric,
  cap text,
  counts boolean,
  adjusted_score integer,
  course_handicap integer,
  entry_id text,
  paired_with text,
  spec_index_after numeric,
  entry_score integer,
  entry_course_rating numeric,
  entry_slope_rating integer,
  entry_par integer,
  counts_for_index boolean not null
);

comment on table private.walked_rounds is
  'The handicap walk of every round (private.walked_round), kept by private.rewalk on every write to rounds and handicap_settings; counts_for_index: among the lowest differentials the spec''s index averages. Read by the handicap views.';

create index walked_rounds_user_id_played_on_round_id_idx
  on private.walked_rounds (user_id, played_on, round_id);

-- A write's walk reads a few kept rows through these (issue 44), never the whole record: the
-- last entries before a day, the lowest differentials of the entries (the spec's index and its
-- counting), the last nine before a day (nines only), and the rounds that count for the spec's
-- index now.
create index walked_rounds_entries_idx
  on private.walked_rounds (user_id, played_on, round_id)
  where round_id = entry_id;

create index walked_rounds_entries_by_differential_idx
  on private.walked_rounds (user_id, differential, played_on desc, entry_id desc)
  where round_id = entry_id;

create index walked_rounds_nines_idx
  on private.walked_rounds (user_id, played_on, round_id)
  where paired_with is not null or entry_id is null;

create index walked_rounds_counted_idx
  on private.walked_rounds (user_id)
  where counts_for_index;

-- One row per golfer the walk has seen: after their last round (record order), the spec's index
-- and the WHS estimate, low index and cap; the rounds, the entries and the waiting nines counted.
-- rounds 0: none (the row stays, so the next write has a row to lock).
create table private.golfer_handicaps (
  user_id uuid primary key references auth.users (id) on delete cascade,
  rounds integer not null default 0,
  rounds_count integer not null default 0,
  waiting_nines integer not null default 0,
  handicap_index numeric,
  whs_index numeric,
  low_index numeric,
  cap text
);

comment on table private.golfer_handicaps is
  'Per golfer, kept by private.rewalk: the rounds, the entries (rounds_count) and waiting nines, and after the last round the spec''s index (handicap_index) and the WHS estimate, low index and cap. Read by handicap_indexes, whs_indexes and course_handicaps.';

-- Golfers read their own rows (the views are security_invoker); only private.rewalk writes.
alter table private.walked_rounds enable row level security;
alter table private.golfer_handicaps enable row level security;

create policy "Golfers can read their own walked rounds"
  on private.walked_rounds for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can read their own handicaps"
  on private.golfer_handicaps for select
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on table private.walked_rounds, private.golfer_handicaps
  from public, anon, authenticated, service_role;
grant select on table private.walked_rounds, private.golfer_handicaps
  to authenticated, service_role;

-- The kept rows before `day` that the rounds from `day` on can still change (issue 44): those
-- of the golfer's last 20 entries (their adjusted differentials and counting), with the first
-- nine of each pair, and the last nine if it waits at that day (the next nine pairs with it:
-- it is a first nine whose pair is not among them, or has none), in record order.
create function private.kept_before(golfer uuid, day date) returns private.walked_round[]
  language plpgsql
  stable
  set search_path = ''
as $$
begin
  return (
    with entries as (
      select e.*
      from private.walked_rounds as e
      where e.user_id = golfer and e.played_on < day and e.round_id = e.entry_id
      order by e.played_on desc, e.round_id desc
      limit 20
    ),
    nine as (
      select n.*
      from private.walked_rounds as n
      where n.user_id = golfer
        and n.played_on < day
        and (n.paired_with is not null or n.entry_id is null)
      order by n.played_on desc, n.round_id desc
      limit 1
    ),
    kept as (
      select e.* from entries as e
      union all
      select f.* from private.walked_rounds as f join entries as e on f.round_id = e.paired_with
      union all
      select n.* from nine as n where n.entry_id is distinct from n.round_id
    )
    select coalesce(array_agg(
      (
        w.user_id, w.round_id, w.played_on, w.differential, w.adjusted_differential,
        w.exceptional_reduction, w.index_after, w.low_index, w.cap, w.counts, w.adjusted_score,
        w.course_handicap, w.entry_id, w.paired_with, w.spec_index_after, w.entry_score,
        w.entry_course_rating, w.entry_slope_rating, w.entry_par
      )::private.walked_round
      order by w.played_on, w.round_id
    ), '{}')
    from kept as w
  );
end;
$$;

-- The low index's queue as it stood after the golfer's last entry day before `day`
-- (`last_entry_day`, whose own estimate joins when the next entry comes): the end-of-day
-- estimates of the entry days before it, from the kept rows; the ones more than 365 days before
-- `day` could only leave again.
create function private.low_queue_before(golfer uuid, day date, last_entry_day date)
  returns private.whs_state
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  state private.whs_state := row(
    null, null, null, '{}', '{}', '{}', null, null, null, null
  )::private.whs_state;
  closing record;
begin
  for closing in
    select distinct on (e.played_on) e.played_on, (10 * e.index_after)::integer as estimate
    from private.walked_rounds as e
    where e.user_id = golfer and e.round_id = e.entry_id
      and e.played_on >= day - 366 and e.played_on < last_entry_day
    order by e.played_on, e.round_id desc
  loop
    if closing.estimate is not null then
      state := private.low_queue_pushed(state, closing.played_on, closing.estimate);
    end if;
  end loop;
  state.entry_day := last_entry_day;
  return state;
end;
$$;

-- Where a write's walk starts (issue 44): the walk as it stood at the end of the day before
-- `day`, rebuilt from the golfer's kept rows, which stay as they are. The rows the rounds from
-- `day` on can still change come back (private.kept_before) with their entries' values, keys
-- and indexes; of the entries before them only the lowest 8 differentials (the spec's index)
-- and the low index's queue matter. Keys count reductions from the first kept entry on: the
-- walk only ever compares or subtracts them.
create function private.walk_start(golfer uuid, day date) returns private.walk
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  kept private.walked_round[] := private.kept_before(golfer, day);
  kept_row private.walked_round;
  r integer;
  spec_lowest integer[];
  entry_of integer[] := '{}';
  partners text[] := '{}';
  waiting public.rounds;
  waiting_at integer;
  entry_ids text[] := '{}';
  entry_scores integer[] := '{}';
  entry_ratings numeric[] := '{}';
  entry_slopes integer[] := '{}';
  entry_pars integer[] := '{}';
  diffs integer[] := '{}';
  reductions integer[] := '{}';
  reduced_before integer[] := '{}';
  keyed integer[] := '{}';
  latest integer[] := '{}';
  spec integer[] := '{}';
  estimates integer[] := '{}';
  lows integer[] := '{}';
  caps text[] := '{}';
  last_entry_day date;
  whs private.whs_state;
begin
  -- The entries before the day: the golfer's less those from the day on.
  r := (select g.rounds_count from private.golfer_handicaps as g where g.user_id = golfer) - (
    select count(*) from private.walked_rounds as e
    where e.user_id = golfer and e.played_on >= day and e.round_id = e.entry_id
  )::integer;
  spec_lowest := array(
    select (10 * e.differential)::integer
    from private.walked_rounds as e
    where e.user_id = golfer and e.round_id = e.entry_id and e.played_on < day
    order by e.differential
    limit 8
  );
  r := r - (select count(*) from unnest(kept) as k where k.round_id = k.entry_id)::integer;
  reduced_before[r + 1] := 0;
  for j in 1 .. cardinality(kept) loop
    kept_row := kept[j];
    partners[j] := kept_row.paired_with;
    continue when kept_row.round_id is distinct from kept_row.entry_id;
    r := r + 1;
    entry_of[j] := r;
    entry_ids[r] := kept_row.entry_id;
    entry_scores[r] := kept_row.entry_score;
    entry_ratings[r] := kept_row.entry_course_rating;
    entry_slopes[r] := kept_row.entry_slope_rating;
    entry_pars[r] := kept_row.entry_par;
    diffs[r] := (10 * kept_row.differential)::integer;
    reductions[r] := kept_row.exceptional_reduction;
    reduced_before[r + 1] := reduced_before[r] + 10 * kept_row.exceptional_reduction;
    keyed[r] := diffs[r] + reduced_before[r];
    latest := private.sorted_with(latest, keyed[r], null);
    spec[r] := (10 * kept_row.spec_index_after)::integer;
    estimates[r] := (10 * kept_row.index_after)::integer;
    lows[r] := (10 * kept_row.low_index)::integer;
    caps[r] := kept_row.cap;
    last_entry_day := kept_row.played_on;
  end loop;
  -- A first nine takes its pair's entry; the nine whose pair is not kept waits.
  for j in 1 .. cardinality(kept) loop
    kept_row := kept[j];
    continue when kept_row.round_id = kept_row.entry_id;
    entry_of[j] := case
      when kept_row.entry_id is not null then array_position(entry_ids, kept_row.entry_id)
    end;
    if entry_of[j] is null then
      select w.* into waiting from public.rounds as w where w.id = kept_row.round_id;
      waiting.score := kept_row.adjusted_score;
      waiting_at := j;
      partners[j] := null;
    end if;
  end loop;
  whs := private.low_queue_before(golfer, day, last_entry_day);
  whs.latest := latest;
  return row(
    kept, '{}', '{}', '{}', entry_of, '{}', partners, waiting, waiting_at, r, entry_ids,
    entry_scores, entry_ratings, entry_slopes, entry_pars, diffs, reductions, reduced_before,
    keyed, spec, spec_lowest, estimates, lows, caps, whs
  )::private.walk;
end;
$$;

-- Writes the walk of one golfer (private.rewalk), from `since` on: the walk's rows (the rounds
-- walked and the kept rows it resumed with), the kept rows from `since` on that it no longer has
-- (rounds deleted or moved), and the golfer's row. Only rows that changed are written; the
-- counts before `since` stand, and at most one nine waits, among the walk's rows.
create function private.kept_walk_written(golfer uuid, since date, walk private.walk)
  returns void
  language plpgsql
  set search_path = ''
as $$
begin
  with walked as materialized (
    select w.* from private.walk_rows(walk) as w
  ),
  was as (
    select
      count(*)::integer as rounds,
      (count(*) filter (where k.round_id = k.entry_id))::integer as entries
    from private.walked_rounds as k
    where k.user_id = golfer and k.played_on >= since
  ),
  gone as (
    delete from private.walked_rounds as k
    where k.user_id = golfer
      and k.played_on >= since
      and not exists (select 1 from walked as w where w.round_id = k.round_id)
  ),
  kept as (
    insert into private.walked_rounds as k (
      user_id, round_id, played_on, differential, adjusted_differential, exceptional_reduction,
      index_after, low_index, cap, counts, adjusted_score, course_handicap, entry_id, paired_with,
      spec_index_after, entry_score, entry_course_rating, entry_slope_rating, entry_par,
      counts_for_index
    )
    -- private.counted_for_index decides counts_for_index once the rows are written. A lookup
    -- per row: the planner takes a function's rows for a thousand and would read them all.
    select w.*, coalesce((
      select c.counts_for_index from private.walked_rounds as c where c.round_id = w.round_id
    ), false)
    from walked as w
    on conflict (round_id) do update set
      played_on = excluded.played_on,
      differential = excluded.differential,
      adjusted_differential = excluded.adjusted_differential,
      exceptional_reduction = excluded.exceptional_reduction,
      index_after = excluded.index_after,
      low_index = excluded.low_index,
      cap = excluded.cap,
      counts = excluded.counts,
      adjusted_score = excluded.adjusted_score,
      course_handicap = excluded.course_handicap,
      entry_id = excluded.entry_id,
      paired_with = excluded.paired_with,
      spec_index_after = excluded.spec_index_after,
      entry_score = excluded.entry_score,
      entry_course_rating = excluded.entry_course_rating,
      entry_slope_rating = excluded.entry_slope_rating,
      entry_par = excluded.entry_par,
      counts_for_index = excluded.counts_for_index
    where k is distinct from excluded
  )
  update private.golfer_handicaps as g
  set
    rounds = g.rounds - was.rounds + t.rounds,
    rounds_count = g.rounds_count - was.entries + t.entries,
    waiting_nines = t.waiting_nines,
    handicap_index = l.spec_index_after,
    whs_index = l.index_after,
    low_index = l.low_index,
    cap = l.cap
  from was
  cross join (
    select
      (count(*) filter (where w.played_on >= since))::integer as rounds,
      (count(*) filter (where w.played_on >= since and w.round_id = w.entry_id))::integer
        as entries,
      (count(*) filter (where w.entry_id is null))::integer as waiting_nines
    from walked as w
  ) as t
  left join (
    select w.spec_index_after, w.index_after, w.low_index, w.cap
    from walked as w
    order by w.played_on desc, w.round_id desc
    limit 1
  ) as l on true
  where g.user_id = golfer;
end;
$$;

-- Whether each of the golfer's rounds is among the lowest differentials the spec's index
-- averages (counts_for_index), over every entry, kept or walked: on a tie at the cut-off the
-- entry listed first in the app (played_on desc, id desc: the more recent) counts; both nines
-- of a pair as their entry. Writes only the rows whose answer changed (`counted`: the rounds
-- that count now).
create function private.counted_for_index(golfer uuid) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  counted text[];
begin
  select coalesce(array_agg(x.id) filter (where x.id is not null), '{}')
  into counted
  from (
    select e.entry_id, e.paired_with
    from private.walked_rounds as e
    where e.user_id = golfer and e.round_id = e.entry_id
    order by e.differential, e.played_on desc, e.entry_id desc
    limit coalesce((
      select (private.differentials_used(g.rounds_count)).counted
      from private.golfer_handicaps as g
      where g.user_id = golfer
    ), 0)
  ) as lowest
  cross join lateral unnest(array[lowest.entry_id, lowest.paired_with]) as x (id);
  update private.walked_rounds as k
  set counts_for_index = false
  where k.user_id = golfer and k.counts_for_index and k.round_id <> all (counted);
  update private.walked_rounds as k
  set counts_for_index = true
  where k.round_id = any (counted) and not k.counts_for_index;
end;
$$;

-- Rewrites the kept walk of the given golfers from their rounds and settings as they are now,
-- each from its day in `days` on (issue 44: the rows before the earliest day a write touches
-- stay as they are, and the walk resumes there, private.walk_start; null: from the first
-- round). Each golfer's row is locked first, so two transactions writing one golfer's record
-- take turns and the second walks what the first committed. A golfer whose account is gone
-- gets no row. Only the triggers (and private.rewalk_own_record) call it. Its statements (and
-- those of the functions it calls) are planned for each golfer and day: a plan cached for a
-- short record would read a long one whole.
create function private.rewalk(golfers uuid[], days date[]) returns void
  language plpgsql
  security definer
  set search_path = ''
  set plan_cache_mode = force_custom_plan
as $$
declare
  golfer uuid;
  since date;
  settings record;
  walk private.walk;
begin
  if coalesce(cardinality(golfers), 0) = 0 then
    return;
  end if;
  insert into private.golfer_handicaps (user_id)
    select u.id from auth.users as u where u.id = any (golfers) order by u.id
    on conflict (user_id) do nothing;
  perform 1 from private.golfer_handicaps as g
    where g.user_id = any (golfers)
    order by g.user_id
    for update;
  for at in 1 .. cardinality(golfers) loop
    golfer := golfers[at];
    since := coalesce(days[at], '-infinity');
    continue when not exists (select 1 from private.golfer_handicaps as g where g.user_id = golfer);
    select s.course_handicap_source as source, s.starting_index
    into settings
    from public.handicap_settings as s
    where s.user_id = golfer;
    walk := private.walk_steps(
      case when since > '-infinity' then private.walk_start(golfer, since) end,
      array(
        select r from public.rounds as r
        where r.user_id = golfer and r.played_on >= since
        order by r.played_on, r.id
      ),
      coalesce(settings.source, 'spec'),
      settings.starting_index
    );
    perform private.kept_walk_written(golfer, since, walk);
    perform private.counted_for_index(golfer);
  end loop;
end;
$$;

comment on function private.rewalk(uuid[], date[]) is
  'Rewrites private.walked_rounds and private.golfer_handicaps for the given golfers from their rounds and handicap_settings, each from its day in days on (null: from the first round), each golfer''s row locked first; writes only the rows that changed. For the triggers only.';

-- The caller's own record walked again from its first round: public.import_rounds runs as the
-- golfer and walks once at its end; no golfer can walk another's record.
create function private.rewalk_own_record() returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform private.rewalk(array[auth.uid()], null);
end;
$$;

-- True only inside public.import_rounds, which walks the golfer once at its end instead of after
-- each of its inserts (a card is inserted row by row). As for undo (20_rounds.sql), an API
-- request cannot set the flag.
create function private.is_walk_deferred() returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(current_setting('hcpfast.walk_deferred', true), '') = 'on';
$$;

-- After each statement that writes rounds (and handicap_settings, 70_handicap_settings.sql): the
-- golfers whose walk it changes walked again, a round's golfer from the earliest day the
-- statement touches (a moved round's old day or new day, whichever is first), a setting's from
-- the first round. An update that leaves what the walk reads as it was (a course or tee
-- deleted, or undone: only course_id and tee_id change) walks nobody.
create function private.rewalk_written_golfers() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  golfers uuid[];
  days date[];
begin
  if private.is_walk_deferred() then
    return null;
  end if;
  if tg_table_name = 'handicap_settings' then
    if tg_op = 'INSERT' then
      golfers := array(select distinct n.user_id from new_rows as n);
    elsif tg_op = 'DELETE' then
      golfers := array(select distinct o.user_id from old_rows as o);
    else
      golfers := array(
        select distinct n.user_id
        from new_rows as n
        join old_rows as o on o.user_id = n.user_id
        where (n.course_handicap_source, n.starting_index)
          is distinct from (o.course_handicap_source, o.starting_index)
      );
    end if;
    perform private.rewalk(golfers, null);
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(c.user_id order by c.user_id), array_agg(c.day order by c.user_id)
    into golfers, days
    from (select n.user_id, min(n.played_on) as day from new_rows as n group by n.user_id) as c;
  elsif tg_op = 'DELETE' then
    select array_agg(c.user_id order by c.user_id), array_agg(c.day order by c.user_id)
    into golfers, days
    from (select o.user_id, min(o.played_on) as day from old_rows as o group by o.user_id) as c;
  else
    select array_agg(c.user_id order by c.user_id), array_agg(c.day order by c.user_id)
    into golfers, days
    from (
      select t.user_id, min(t.day) as day
      from new_rows as n
      join old_rows as o on o.id = n.id
      cross join lateral (
        values (n.user_id, least(n.played_on, o.played_on)), (o.user_id, o.played_on)
      ) as t (user_id, day)
      where (
        n.user_id, n.played_on, n.score, n.holes, n.course_rating, n.slope_rating, n.par,
        n.hole_pars, n.stroke_indexes, n.hole_strokes
      ) is distinct from (
        o.user_id, o.played_on, o.score, o.holes, o.course_rating, o.slope_rating, o.par,
        o.hole_pars, o.stroke_indexes, o.hole_strokes
      )
      group by t.user_id
    ) as c;
  end if;
  perform private.rewalk(golfers, days);
  return null;
end;
$$;

-- Statement-level (one walk per golfer per statement, however many rows), and enabled always:
-- a write under session_replication_role = replica (a bulk load, a replica) keeps the walk too.
create trigger rewalk_after_insert
  after insert on public.rounds
  referencing new table as new_rows
  for each statement execute function private.rewalk_written_golfers();

create trigger rewalk_after_update
  after update on public.rounds
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.rewalk_written_golfers();

create trigger rewalk_after_delete
  after delete on public.rounds
  referencing old table as old_rows
  for each statement execute function private.rewalk_written_golfers();

alter table public.rounds enable always trigger rewalk_after_insert;
alter table public.rounds enable always trigger rewalk_after_update;
alter table public.rounds enable always trigger rewalk_after_delete;

-- The views read the kept walk; the walk itself is for private.rewalk (and whs_records, which
-- walks what the caller can read). Writing the kept walk is for the triggers alone (issue 40):
-- a golfer may walk again only their own record (private.rewalk_own_record, for the import).
revoke all on function
  private.differentials_used(bigint),
  private.lowest_of(integer[], integer),
  private.index_of_lowest(integer[], bigint),
  private.sorted_with(integer[], integer, integer),
  private.differential_tenths(integer, numeric, integer),
  private.paired_nines(public.rounds, public.rounds),
  private.course_handicap(integer, numeric, integer, integer, integer),
  private.strokes_received(integer, integer[]),
  private.adjusted_gross_score(integer[], integer[], integer[], integer),
  private.net_double_bogey(public.rounds, integer),
  private.exceptional_reduction(integer, integer),
  private.whs_estimate(integer[], integer, integer),
  private.low_queue_pushed(private.whs_state, date, integer),
  private.whs_step(private.whs_state, date, integer, integer, integer, integer, integer),
  private.walk_steps(private.walk, public.rounds[], text, numeric),
  private.walk_rows(private.walk),
  private.walk_record(public.rounds[], text, numeric),
  private.walks_of(uuid[]),
  private.whs_records(),
  private.is_walk_deferred(),
  private.kept_before(uuid, date),
  private.low_queue_before(uuid, date, date),
  private.walk_start(uuid, date),
  private.kept_walk_written(uuid, date, private.walk),
  private.counted_for_index(uuid),
  private.rewalk(uuid[], date[]),
  private.rewalk_own_record(),
  private.rewalk_written_golfers()
  from public, anon, authenticated, service_role;
grant execute on function
  private.differentials_used(bigint),
  private.lowest_of(integer[], integer),
  private.index_of_lowest(integer[], bigint),
  private.sorted_with(integer[], integer, integer),
  private.differential_tenths(integer, numeric, integer),
  private.paired_nines(public.rounds, public.rounds),
  private.course_handicap(integer, numeric, integer, integer, integer),
  private.strokes_received(integer, integer[]),
  private.adjusted_gross_score(integer[], integer[], integer[], integer),
  private.net_double_bogey(public.rounds, integer),
  private.exceptional_reduction(integer, integer),
  private.whs_estimate(integer[], integer, integer),
  private.low_queue_pushed(private.whs_state, date, integer),
  private.whs_step(private.whs_state, date, integer, integer, integer, integer, integer),
  private.walk_steps(private.walk, public.rounds[], text, numeric),
  private.walk_rows(private.walk),
  private.walk_record(public.rounds[], text, numeric),
  private.walks_of(uuid[]),
  private.whs_records(),
  private.is_walk_deferred()
  to authenticated, service_role;
grant execute on function private.rewalk_own_record() to authenticated;
-- The 18-hole entries the handicap counts (issue 22), one row per entry at its later round: an
-- 18-hole round, or two nines paired in turn in record order (private.paired_nines), with the
-- score it counts (issue 23: the adjusted gross score of a round scored hole by hole), the ratings
-- and pars added and the mean slope, and its differential; a waiting nine is in none. Read off
-- the kept walk, which makes the entries, in record order.
create view public.scoring_entries
  with (security_invoker = on)
as
select
  w.user_id,
  w.entry_id,
  case when w.paired_with is null then array[w.entry_id] else array[w.paired_with, w.entry_id] end
    as round_ids,
  w.played_on,
  w.entry_score as score,
  w.entry_course_rating as course_rating,
  w.entry_slope_rating as slope_rating,
  w.entry_par as par,
  w.differential::numeric(4, 1) as differential
from private.walked_rounds as w
where w.round_id = w.entry_id
order by w.user_id, w.played_on, w.round_id;

comment on view public.scoring_entries is
  'The 18-hole entries the handicap counts, in record order by (played_on, entry_id): each 18-hole round, and each pair of 9-hole rounds (paired in turn in record order) at its later round, with scores and ratings added, the mean slope (nearest whole, ties up) and pars added. The score is the counted one: the adjusted gross score (net double bogey) of a round scored hole by hole. An unpaired nine is in none.';

-- One row per round with its score differential, the day played and whether the round is one the
-- index averages: the lowest `counted` differentials of the golfer's entries; on a tie at the
-- cut-off the entry listed first in the app (played_on desc, id desc: the more recent) counts.
-- Both nines of a pair show the pair's differential and counts; a waiting nine shows null and
-- does not count. The column order is the migrations' (create or replace view can only append
-- columns): holes, tee_id and paired_with (the other nine of a pair) came with tees;
-- adjusted_score (the score the differential is made from: the adjusted gross score of a round
-- scored hole by hole, the score otherwise) with the scorecard. The entries, their differentials,
-- pairs, adjusted scores and counting are the kept walk's (private.walked_rounds).
create view public.round_differentials
  with (security_invoker = on)
as
select
  r.id,
  r.user_id,
  r.course_id,
  r.course_name,
  r.course_rating,
  r.slope_rating,
  r.score,
  w.differential::numeric(4, 1) as differential,
  r.created_at,
  r.played_on,
  w.counts_for_index as counts,
  r.holes,
  r.tee_id,
  w.paired_with,
  w.adjusted_score
from public.rounds as r
join private.walked_rounds as w on w.round_id = r.id;

comment on view public.round_differentials is
  'Score differential per round: 113 / slope × (adjusted score − course rating), rounded to the nearest tenth, ties toward +∞, of the round or, for a 9-hole round, of its pair (null while it waits); counts: among the lowest differentials the index averages (ties: the more recently played); adjusted_score: the adjusted gross score (net double bogey) of a round scored hole by hole, the score otherwise.';

-- One row per golfer who has rounds: the index over all their entries (there is no 20-round
-- window), null below 3. rounds_count counts entries (a pair of nines is one); waiting_nines is
-- 1 when a nine waits for its partner. From the kept walk's row per golfer.
create view public.handicap_indexes
  with (security_invoker = on)
as
select
  g.user_id,
  g.rounds_count,
  g.handicap_index,
  g.waiting_nines
from private.golfer_handicaps as g
where g.rounds > 0
order by g.user_id;

comment on view public.handicap_indexes is
  'Handicap index per golfer with rounds, over their 18-hole entries (a pair of nines is one; rounds_count counts entries): null below 3, otherwise the mean of the lowest differentials (rounded to a tenth, ties toward +∞) minus the product spec''s adjustment. waiting_nines: 1 when a nine waits for a partner.';

-- The index as it stood after each round, rounds taken in the order played (played_on, id): over
-- the entries at or before the round (a waiting nine, or the first of a pair, leaves it as it was).
create view public.handicap_history
  with (security_invoker = on)
as
select
  w.user_id,
  w.round_id,
  w.played_on,
  w.spec_index_after as handicap_index
from private.walked_rounds as w
order by w.user_id, w.played_on, w.round_id;

comment on view public.handicap_history is
  'The handicap index over each golfer''s entries up to and including this round, in played_on, id order; null below 3 entries.';

-- Signed-in golfers read the views (RLS on the tables limits them to their own rows); nobody
-- writes through them, and anon gets nothing.
revoke all on table public.round_differentials, public.handicap_indexes
  from public, anon, authenticated, service_role;
grant select on table public.round_differentials, public.handicap_indexes
  to authenticated, service_role;
revoke all on table public.handicap_history from public, anon, authenticated, service_role;
grant select on table public.handicap_history to authenticated, service_role;
revoke all on table public.scoring_entries from public, anon, authenticated, service_role;
grant select on table public.scoring_entries to authenticated, service_role;

-- One row per round of the caller (RLS decides whose rounds those are), in record order.
create view public.whs_history
  with (security_invoker = on)
as
select
  h.round_id,
  h.played_on,
  h.differential::numeric(4, 1) as differential,
  h.adjusted_differential::numeric(4, 1) as adjusted_differential,
  h.exceptional_reduction,
  h.index_after::numeric(4, 1) as index_after,
  h.counts
from private.walked_rounds as h
order by h.user_id, h.played_on, h.round_id;

comment on view public.whs_history is
  'The WHS estimate round by round: differential, adjusted differential (less exceptional reductions covering it), exceptional reduction (0, 1 or 2), the estimate after the round, and whether the round counts for the current estimate.';

-- One row per golfer with rounds: the state after their last round.
create view public.whs_indexes
  with (security_invoker = on)
as
select
  g.user_id,
  g.whs_index::numeric(4, 1) as whs_index,
  g.low_index::numeric(4, 1) as low_index,
  g.cap
from private.golfer_handicaps as g
where g.rounds > 0
order by g.user_id;

comment on view public.whs_indexes is
  'The WHS estimate per golfer with rounds: whs_index and low_index null where the rules give none, cap none, soft or hard. An estimate, not a federation''s official index.';

revoke all on table public.whs_history, public.whs_indexes
  from public, anon, authenticated, service_role;
grant select on table public.whs_history, public.whs_indexes to authenticated, service_role;
