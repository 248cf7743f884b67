-- The scorecard (issue 23), the handicap half: a round scored hole by hole counts its adjusted
-- gross score (net double bogey, WHS Rule 3.1), each hole at most par + 2 + the strokes received
-- from the course handicap of the golfer's chosen index in effect on the day played (par + 5 with
-- no index yet), as src/features/handicap/lib/adjusted-gross.ts and score-record.ts do. The walk
-- that already follows each golfer's record day by day (public.whs_records) decides each round's
-- counted score, keeping the spec's lowest 8 beside the estimate, and public.scoring_entries reads
-- it, so every handicap view counts adjusted scores; round_differentials gains adjusted_score
-- (appended), and it, handicap_indexes and handicap_history read the walk directly (one pass). whs_records() returns two more columns, so it and the views over it are dropped and
-- made again; course_handicaps now shares public.course_handicap with the walk. The current
-- definitions, and why: supabase/schemas/40_handicap.sql and 70_handicap_settings.sql; a test
-- checks these migrations build exactly that.

-- Net double bogey (issue 23 §4, WHS Rule 3.1), as src/features/handicap/lib/adjusted-gross.ts
-- (a test compares them on 10,000 random cards). Strokes follow the rank of each hole's stroke
-- index on the card, so a nine numbered 1, 3, …, 17 or 2, 4, …, 18 allocates as one numbered
-- 1 … 9: with a course handicap C ≥ 0 on H holes every hole receives C / H (whole) and the C mod H
-- holes of lowest index one more; a plus handicap gives strokes back from the highest index down
-- the same way. In hole order. plpgsql rather than SQL: the record walk calls these once per
-- card, and Postgres 17 plans a SQL function's body again on every call (four times the cost).
create function public.strokes_received(course_handicap integer, stroke_indexes integer[])
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

comment on function public.strokes_received(integer, integer[]) is
  'Strokes received on each hole (in hole order) for a course handicap: every hole the whole part of C / holes, and the C mod holes holes of lowest stroke index one more; a plus handicap (C < 0) gives them back from the highest index. By rank of index, so a nine''s 1, 3, …, 17 works.';

-- Each hole counts at most par + 2 + the strokes received, or par + 5 with no course handicap
-- (no index yet); the adjusted gross score is their sum.
create function public.adjusted_gross_score(
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
  received integer[] := public.strokes_received(coalesce(course_handicap, 0), stroke_indexes);
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

comment on function public.adjusted_gross_score(integer[], integer[], integer[], integer) is
  'The gross score with each hole held to its net double bogey: par + 2 + strokes received from the course handicap, or par + 5 when it is null (no index yet).';

-- Course handicap (WHS Rule 6.1) of an index given in tenths, the one formula of the schema
-- (public.course_handicaps per tee, public.whs_records per round). 18 holes: index × slope / 113
-- + (course rating − par), to the nearest whole number, halves toward +∞; in tenths of the index I
-- and of the rating R that is (I × slope + 113 × (R − 10 × par)) / 1130, an exact ratio of
-- integers. 9 holes: the index is halved and rounded to a tenth first (ties up), then the same.
-- Null when the index or the par is.
create function public.course_handicap(
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

comment on function public.course_handicap(integer, numeric, integer, integer, integer) is
  'Course handicap of an index in tenths on a rating, slope, par and 9 or 18 holes (the index halved to a tenth first for 9): nearest whole, halves toward +∞; null without index or par.';

revoke all on function
  public.strokes_received(integer, integer[]),
  public.adjusted_gross_score(integer[], integer[], integer[], integer),
  public.course_handicap(integer, numeric, integer, integer, integer)
  from public, anon;
grant execute on function
  public.strokes_received(integer, integer[]),
  public.adjusted_gross_score(integer[], integer[], integer[], integer),
  public.course_handicap(integer, numeric, integer, integer, integer)
  to authenticated, service_role;

drop view public.course_handicaps;
drop view public.whs_indexes;
drop view public.whs_history;
drop function public.whs_records();

-- One row per round visible to the caller, in record order (user_id, played_on, id), with the
-- state after that round: the estimate, the low index and which cap applied. differential is the
-- one public.round_differentials shows; adjusted_differential is it less every exceptional
-- reduction covering it as of the golfer's last round; counts marks the rounds the golfer's final
-- estimate is made from (the lowest of the latest 20, the more recent on a tie).
--
-- Issue 23: the same walk decides each round's adjusted_score, the score every handicap figure is
-- made from: a round scored hole by hole counts its adjusted gross score (net double bogey,
-- public.adjusted_gross_score) with the strokes received from course_handicap, the course
-- handicap (public.course_handicap, on the round's own copies of rating, slope, par and holes) of
-- the golfer's chosen index in effect on the day played (handicap_settings, 'spec' with no row):
-- the index over the entries of the days before, the spec's from the lowest 8 differentials kept
-- alongside, the estimate from this walk. Null with no index then (par + 5 on every hole). A
-- round entered as a total counts its score. public.scoring_entries reads adjusted_score, so
-- every view counts it. As scoreRecord in src/features/handicap/lib/score-record.ts.
create function public.whs_records()
  returns table (
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
    spec_index_after numeric
  )
  language plpgsql
  stable
  set search_path = ''
as $$
declare
  -- The spec's table by number of rounds 1–20: how many lowest are averaged, the adjustment.
  averaged integer[];
  adjustment integer[];
  visible record;
  golfer uuid;
  -- The current golfer's rounds so far, 1 … r.
  r integer;
  ids text[];
  days date[];
  diffs integer[];
  reductions integer[];
  -- reductions_before[j]: the reductions (in tenths) of rounds 1 … j − 1, so the reductions of
  -- rounds j … r are reductions_before[r + 1] − reductions_before[j].
  reductions_before integer[];
  indexes integer[];
  lows integer[];
  caps text[];
  -- The days before the current one that ended with an estimate: a sliding minimum, kept as a
  -- queue whose estimates rise from first to last (a day not below a later one is dropped).
  queue_days date[];
  queue_estimates integer[];
  queue_first integer;
  queue_last integer;
  current_day date;
  in_effect integer;
  low_of_day integer;
  low integer;
  window_size integer;
  needed integer;
  kept integer;
  place integer;
  earlier integer;
  candidate integer;
  lowest integer[] := '{}';
  lowest_at integer[] := '{}';
  counting boolean[];
  calculated integer;
  total integer;
  estimate integer;
  soft integer;
  state text;
  reduction integer;
  -- Issue 22: the loop reads rounds; entries (18-hole rounds, pairs of nines) are what it counts.
  -- Per round k: its entry (null while a nine waits) and how many entries there were after it.
  k integer;
  round_ids text[];
  round_days date[];
  round_entry integer[];
  round_seen integer[];
  waiting integer;
  waiting_score integer;
  waiting_rating integer;
  waiting_slope integer;
  entry_score integer;
  entry_rating integer;
  entry_slope integer;
  e integer;
  s integer;
  -- Issue 23, per round k: the score it counts and the course handicap that decided it; the day
  -- of the last round seen, the chosen index in effect on it (tenths), and the spec's lowest 8.
  round_scores integer[];
  round_handicaps integer[];
  round_paired text[];
  spec_indexes integer[];
  round_day date;
  chosen integer;
  spec_lowest integer[];
  counted_score integer;
  handicap integer;
begin
  select
    array_agg(coalesce(rule.counted, 0) order by size),
    array_agg(coalesce(rule.adjustment_tenths, 0) order by size)
  into averaged, adjustment
  from generate_series(1, 20) as size
  left join lateral public.differentials_used(size) as rule on true;

  -- A last row with no golfer closes the last golfer's record. Nines are paired here, as
  -- public.scoring_entries pairs them, and the differential in tenths is that view's expression,
  -- read from the rounds themselves: the views' ranking (for their counts) cost more than this
  -- whole function's loop. Both are checked against the TypeScript module.
  for visible in
    select
      r.user_id,
      r.id,
      r.played_on,
      r.holes,
      r.score,
      (10 * r.course_rating)::integer as rating_tenths,
      r.slope_rating,
      r.course_rating,
      coalesce(r.par, public.sum_of(r.hole_pars)) as par,
      r.hole_pars,
      r.stroke_indexes,
      r.hole_strokes,
      coalesce(h.course_handicap_source, 'spec') as source
    from public.rounds as r
    left join public.handicap_settings as h on h.user_id = r.user_id
    union all
    select null, null, null, null, null, null, null, null, null, null, null, null, null
    order by 1 nulls last, 3, 2
  loop
    -- No rounds visible (a golfer who has none yet): only the closing row, and nothing to return.
    exit when visible.user_id is null and golfer is null;
    if visible.user_id is distinct from golfer then
      if golfer is not null then
        -- The final state: the rounds the last estimate was made from, and each differential
        -- less the reductions of the exceptional rounds among it and the 19 after it.
        counting := array_fill(false, array[r]);
        for earlier in 1 .. kept loop
          counting[lowest_at[earlier]] := true;
        end loop;
        -- A round shows its entry's values (both nines of a pair the pair's; a waiting nine
        -- none) and the state after the entries at or before it.
        for j in 1 .. k loop
          e := round_entry[j];
          s := round_seen[j];
          user_id := golfer;
          round_id := round_ids[j];
          played_on := round_days[j];
          differential := (diffs[e] / 10.0)::numeric(4, 1);
          adjusted_differential := ((
            diffs[e] - (reductions_before[least(e + 19, r) + 1] - reductions_before[e])
          ) / 10.0)::numeric(4, 1);
          exceptional_reduction := reductions[e];
          index_after := (indexes[s] / 10.0)::numeric(4, 1);
          low_index := (lows[s] / 10.0)::numeric(4, 1);
          cap := coalesce(caps[s], 'none');
          counts := coalesce(counting[e], false);
          adjusted_score := round_scores[j];
          course_handicap := round_handicaps[j];
          entry_id := ids[e];
          paired_with := round_paired[j];
          spec_index_after := (spec_indexes[s] / 10.0)::numeric(4, 1);
          return next;
        end loop;
      end if;
      exit when visible.user_id is null;
      golfer := visible.user_id;
      r := 0;
      k := 0;
      round_ids := '{}';
      round_days := '{}';
      round_entry := '{}';
      round_seen := '{}';
      waiting := null;
      ids := '{}';
      days := '{}';
      diffs := '{}';
      reductions := '{}';
      reductions_before := '{0}';
      indexes := '{}';
      lows := '{}';
      caps := '{}';
      queue_days := '{}';
      queue_estimates := '{}';
      queue_first := 1;
      queue_last := 0;
      current_day := null;
      in_effect := null;
      kept := 0;
      round_scores := '{}';
      round_handicaps := '{}';
      round_paired := '{}';
      spec_indexes := '{}';
      round_day := null;
      spec_lowest := '{}';
    end if;
    -- Issue 23: the chosen index in effect on a new day, over the r entries before it.
    if round_day is distinct from visible.played_on then
      round_day := visible.played_on;
      chosen := case
        when r = 0 then null
        when visible.source = 'whs' then indexes[r]
        else spec_indexes[r]
      end;
    end if;
    counted_score := visible.score;
    handicap := null;
    if cardinality(visible.hole_strokes) = cardinality(visible.hole_pars)
      and cardinality(visible.stroke_indexes) = cardinality(visible.hole_pars) then
      handicap := public.course_handicap(
        chosen, visible.course_rating, visible.slope_rating, visible.par, visible.holes
      );
      counted_score := public.adjusted_gross_score(
        visible.hole_pars, visible.stroke_indexes, visible.hole_strokes, handicap
      );
    end if;
    k := k + 1;
    round_ids[k] := visible.id;
    round_days[k] := visible.played_on;
    round_seen[k] := r;
    round_scores[k] := counted_score;
    round_handicaps[k] := handicap;
    if visible.holes = 9 and waiting is null then
      waiting := k;
      waiting_score := counted_score;
      waiting_rating := visible.rating_tenths;
      waiting_slope := visible.slope_rating;
      continue;
    end if;
    entry_score := counted_score;
    entry_rating := visible.rating_tenths;
    entry_slope := visible.slope_rating;
    r := r + 1;
    if visible.holes = 9 then
      entry_score := entry_score + waiting_score;
      entry_rating := entry_rating + waiting_rating;
      entry_slope := (entry_slope + waiting_slope + 1) / 2;
      round_entry[waiting] := r;
      round_paired[waiting] := visible.id;
      round_paired[k] := round_ids[waiting];
      waiting := null;
    end if;
    round_entry[k] := r;
    round_seen[k] := r;
    ids[r] := visible.id;
    days[r] := visible.played_on;
    diffs[r] := floor(
      (2 * 113 * (10 * entry_score - entry_rating) + entry_slope)::numeric / (2 * entry_slope)
    )::integer;
    -- The spec's index is over all the entries: their lowest 8, kept sorted by insertion.
    if cardinality(spec_lowest) < 8 or diffs[r] < spec_lowest[8] then
      place := least(cardinality(spec_lowest), 7) + 1;
      while place > 1 and spec_lowest[place - 1] > diffs[r] loop
        spec_lowest[place] := spec_lowest[place - 1];
        place := place - 1;
      end loop;
      spec_lowest[place] := diffs[r];
    end if;
    -- The spec's index after this entry: the mean of the table's lowest, less its adjustment.
    if r >= 3 then
      needed := averaged[least(r, 20)];
      total := 0;
      for earlier in 1 .. needed loop
        total := total + spec_lowest[earlier];
      end loop;
      spec_indexes[r] := floor((2 * total + needed)::numeric / (2 * needed))::integer
        - adjustment[least(r, 20)];
    end if;

    if current_day is distinct from visible.played_on then
      -- Rule 5.4: every round of a day is played off the estimate at the end of the day before.
      if r > 1 then
        in_effect := indexes[r - 1];
        if in_effect is not null then
          while queue_last >= queue_first and queue_estimates[queue_last] >= in_effect loop
            queue_last := queue_last - 1;
          end loop;
          queue_last := queue_last + 1;
          queue_days[queue_last] := current_day;
          queue_estimates[queue_last] := in_effect;
        end if;
      end if;
      current_day := visible.played_on;
      -- Rule 5.7: the lowest end-of-day estimate of the 365 days before, else the one in effect.
      while queue_first <= queue_last and queue_days[queue_first] < current_day - 365 loop
        queue_first := queue_first + 1;
      end loop;
      low_of_day := case
        when queue_first <= queue_last then queue_estimates[queue_first]
        else in_effect
      end;
    end if;

    -- Rule 5.9: 10.0 or more below the index in effect takes 2.0 off, 7.0 to 9.9 takes 1.0.
    reduction := case
      when in_effect - diffs[r] >= 100 then 2
      when in_effect - diffs[r] >= 70 then 1
      else 0
    end;
    reductions[r] := reduction;
    reductions_before[r + 1] := reductions_before[r] + 10 * reduction;

    window_size := least(r, 20);
    if window_size < 3 then
      indexes[r] := null;
      lows[r] := null;
      caps[r] := 'none';
      continue;
    end if;
    -- The lowest of the latest 20, each less the reductions of the rounds from it to this one,
    -- kept sorted in `lowest` (their rounds in `lowest_at`) by insertion, from the most recent
    -- back, so an equal older one never displaces it: plain arithmetic, no query per round.
    needed := averaged[window_size];
    kept := 0;
    for earlier in reverse r .. r - window_size + 1 loop
      candidate := diffs[earlier] - (reductions_before[r + 1] - reductions_before[earlier]);
      if kept < needed then
        kept := kept + 1;
        place := kept;
      elsif candidate < lowest[needed] then
        place := needed;
      else
        continue;
      end if;
      while place > 1 and lowest[place - 1] > candidate loop
        lowest[place] := lowest[place - 1];
        lowest_at[place] := lowest_at[place - 1];
        place := place - 1;
      end loop;
      lowest[place] := candidate;
      lowest_at[place] := earlier;
    end loop;
    total := 0;
    for earlier in 1 .. needed loop
      total := total + lowest[earlier];
    end loop;
    -- The mean to the nearest tenth, ties toward +∞ (a floor division: integer division in
    -- Postgres truncates toward zero), less the table's adjustment.
    calculated := (2 * total + needed) / (2 * needed);
    if (2 * total + needed) % (2 * needed) < 0 then
      calculated := calculated - 1;
    end if;
    calculated := calculated - adjustment[window_size];

    -- Rule 5.8: a rise above the low index beyond 3.0 is halved, and held at 5.0.
    low := case when r >= 20 then low_of_day end;
    estimate := calculated;
    state := 'none';
    if low is not null and calculated - low > 30 then
      soft := low + 30 + (calculated - low - 30 + 1) / 2;
      if soft > low + 50 then
        estimate := low + 50;
        state := 'hard';
      else
        estimate := soft;
        if soft < calculated then
          state := 'soft';
        end if;
      end if;
    end if;
    indexes[r] := least(estimate, 540);
    lows[r] := low;
    caps[r] := state;
  end loop;
end;
$$;

comment on function public.whs_records() is
  'The WHS estimate over the rounds the caller can read, one row per round in record order (user_id, played_on, id): differential, adjusted differential, exceptional reduction, and the estimate, low index and cap after the round; adjusted_score, the score the round counts (net double bogey for a round scored hole by hole, off course_handicap from the chosen index in effect that day); entry_id, the later round of its 18-hole entry (null while a nine waits), paired_with, the other nine of its pair, and spec_index_after, the spec''s index over the entries so far (all of them, no 20-round window). Not an official index: playing conditions, committee adjustments and penalty scores are not modelled.';

revoke all on function public.whs_records() from public, anon;
grant execute on function public.whs_records() to authenticated, service_role;

-- What the handicap counts (issue 22): every 18-hole round as itself, and 9-hole rounds combined
-- in pairs, the WHS 2020 method (fully published, unlike 2024's "expected score"). In record order
-- (played_on, id) each nine pairs with the next unpaired nine, so the nines simply pair in turn:
-- the 1st with the 2nd, the 3rd with the 4th. A pair is one 18-hole entry at its later round's
-- position (entry_id is that round's id): the scores and the ratings added, the slope the mean of
-- the two to the nearest whole (ties up), the pars added (null when either nine has none). A nine
-- with no partner yet waits: it is in no entry and does not count. As eighteenHoleEntries in
-- src/features/handicap/lib/scoring-entries.ts; one row per entry, with its differential. The
-- score is the one each round counts (issue 23): its adjusted gross score when it was scored hole
-- by hole, from public.whs_records().
create or replace view public.scoring_entries
  with (security_invoker = on)
as
with counted as (
  -- Each round with the score it counts (issue 23: net double bogey for a hole-by-hole round),
  -- from the one walk that decides it; read once for both uses below.
  select
    r.user_id,
    r.id,
    r.played_on,
    r.holes,
    w.adjusted_score as score,
    r.course_rating,
    r.slope_rating,
    r.par
  from public.rounds as r
  join public.whs_records() as w on w.round_id = r.id
),
nines as (
  select
    r.user_id,
    r.id,
    r.played_on,
    r.score,
    r.course_rating,
    r.slope_rating,
    r.par,
    row_number() over w as place,
    lag(r.id) over w as earlier_id,
    lag(r.score) over w as earlier_score,
    lag(r.course_rating) over w as earlier_rating,
    lag(r.slope_rating) over w as earlier_slope,
    lag(r.par) over w as earlier_par
  from counted as r
  where r.holes = 9
  window w as (partition by r.user_id order by r.played_on, r.id)
),
entries as (
  select
    r.user_id,
    r.id as entry_id,
    array[r.id] as round_ids,
    r.played_on,
    r.score,
    r.course_rating,
    r.slope_rating,
    r.par
  from counted as r
  where r.holes = 18
  union all
  select
    n.user_id,
    n.id,
    array[n.earlier_id, n.id],
    n.played_on,
    n.earlier_score + n.score,
    n.earlier_rating + n.course_rating,
    (n.earlier_slope + n.slope_rating + 1) / 2,
    n.earlier_par + n.par
  from nines as n
  where n.place % 2 = 0
)
select
  e.user_id,
  e.entry_id,
  e.round_ids,
  e.played_on,
  e.score,
  e.course_rating,
  e.slope_rating,
  e.par,
  (
    floor(
      (2 * 113 * (10 * e.score - (10 * e.course_rating)::integer) + e.slope_rating)::numeric
        / (2 * e.slope_rating)
    ) / 10
  )::numeric(4, 1) as differential
from entries as e;

comment on view public.scoring_entries is
  'The 18-hole entries the handicap counts, in record order by (played_on, entry_id): each 18-hole round, and each pair of 9-hole rounds (paired in turn in record order) at its later round, with scores and ratings added, the mean slope (nearest whole, ties up) and pars added. The score is the counted one: the adjusted gross score (net double bogey) of a round scored hole by hole. An unpaired nine is in none.';

-- One row per round with its score differential, the day played and whether the round is one the
-- index averages: the lowest `counted` differentials of the golfer's entries; on a tie at the
-- cut-off the entry listed first in the app (played_on desc, id desc: the more recent) counts.
-- Both nines of a pair show the pair's differential and counts; a waiting nine shows null and
-- does not count. The column order is the migrations' (create or replace view can only append
-- columns): holes, tee_id and paired_with (the other nine of a pair) came with tees;
-- adjusted_score (the score the differential is made from: the adjusted gross score of a round
-- scored hole by hole, the score otherwise) with the scorecard. The entries, their differentials
-- and pairs are those of public.scoring_entries, read from the walk that decides the adjusted
-- scores (public.whs_records gives the same entries), so the view walks the record once.
create or replace view public.round_differentials
  with (security_invoker = on)
as
with walked as (
  -- One walk (public.whs_records) gives each round its entry's differential, its adjusted score
  -- and its pair; read once for both uses below.
  select w.* from public.whs_records() as w
),
ranked as (
  -- One row per entry: its later round's.
  select
    w.entry_id,
    row_number() over (
      partition by w.user_id order by w.differential, w.played_on desc, w.entry_id desc
    ) as position,
    count(*) over (partition by w.user_id) as entries_count
  from walked as w
  where w.round_id = w.entry_id
),
counted as (
  select
    ranked.entry_id,
    coalesce(ranked.position <= rule.counted, false) as counts
  from ranked
  left join lateral public.differentials_used(ranked.entries_count) as rule on true
)
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
  coalesce(c.counts, false) as counts,
  r.holes,
  r.tee_id,
  w.paired_with,
  w.adjusted_score
from public.rounds as r
join walked as w on w.round_id = r.id
left join counted as c on c.entry_id = w.entry_id;

comment on view public.round_differentials is
  'Score differential per round: 113 / slope × (adjusted score − course rating), rounded to the nearest tenth, ties toward +∞, of the round or, for a 9-hole round, of its pair (null while it waits); counts: among the lowest differentials the index averages (ties: the more recently played); adjusted_score: the adjusted gross score (net double bogey) of a round scored hole by hole, the score otherwise.';

-- One row per golfer who has rounds: the index over all their entries (there is no 20-round
-- window), null below 3. rounds_count counts entries (a pair of nines is one); waiting_nines is
-- 1 when a nine waits for its partner. Read off the walk (public.whs_records), which keeps the
-- spec's lowest 8 to decide each day's net double bogeys anyway.
create or replace view public.handicap_indexes
  with (security_invoker = on)
as
select
  w.user_id,
  (count(*) filter (where w.round_id = w.entry_id))::integer as rounds_count,
  (array_agg(w.spec_index_after order by w.played_on desc, w.round_id desc))[1] as handicap_index,
  (count(*) filter (where w.entry_id is null))::integer as waiting_nines
from public.whs_records() as w
group by w.user_id;

comment on view public.handicap_indexes is
  'Handicap index per golfer with rounds, over their 18-hole entries (a pair of nines is one; rounds_count counts entries): null below 3, otherwise the mean of the lowest differentials (rounded to a tenth, ties toward +∞) minus the product spec''s adjustment. waiting_nines: 1 when a nine waits for a partner.';

-- The index as it stood after each round, rounds taken in the order played (played_on, id): over
-- the entries at or before the round (a waiting nine, or the first of a pair, leaves it as it was).
-- From the walk too: one pass, where a window over all earlier differentials was O(n²).
create or replace view public.handicap_history
  with (security_invoker = on)
as
select
  w.user_id,
  w.round_id,
  w.played_on,
  w.spec_index_after as handicap_index
from public.whs_records() as w;

comment on view public.handicap_history is
  'The handicap index over each golfer''s entries up to and including this round, in played_on, id order; null below 3 entries.';

-- One row per round of the caller (RLS on rounds decides whose rounds those are).
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
from public.whs_records() as h;

comment on view public.whs_history is
  'The WHS estimate round by round: differential, adjusted differential (less exceptional reductions covering it), exceptional reduction (0, 1 or 2), the estimate after the round, and whether the round counts for the current estimate.';

-- One row per golfer with rounds: the state after their last round.
create view public.whs_indexes
  with (security_invoker = on)
as
select distinct on (h.user_id)
  h.user_id,
  h.index_after::numeric(4, 1) as whs_index,
  h.low_index::numeric(4, 1) as low_index,
  h.cap
from public.whs_records() as h
order by h.user_id, h.played_on desc, h.round_id desc;

comment on view public.whs_indexes is
  'The WHS estimate per golfer with rounds: whs_index and low_index null where the rules give none, cap none, soft or hard. An estimate, not a federation''s official index.';

revoke all on table public.whs_history, public.whs_indexes
  from public, anon, authenticated, service_role;
grant select on table public.whs_history, public.whs_indexes to authenticated, service_role;

-- Course handicap per tee (WHS Rule 6.1, public.course_handicap: on a 9-hole tee the index halved
-- to a tenth first) from the index the golfer chose for course handicaps (handicap_settings: the
-- spec's, the default, or the WHS estimate). One row per tee: a course's first tee has the
-- course's values, so its row is the course's handicap as before.
create view public.course_handicaps
  with (security_invoker = on)
as
with latest as (
  -- Each golfer's two indexes after their last round, from one walk of the record rather than
  -- one for handicap_indexes and another for whs_indexes.
  select distinct on (w.user_id)
    w.user_id,
    w.spec_index_after,
    w.index_after
  from public.whs_records() as w
  order by w.user_id, w.played_on desc, w.round_id desc
)
select
  t.user_id,
  t.course_id,
  public.course_handicap(
    (chosen.handicap_index * 10)::integer, t.course_rating, t.slope_rating, t.par, t.holes
  ) as course_handicap,
  t.id as tee_id,
  t.holes,
  chosen.source as handicap_source,
  chosen.handicap_index
from public.tees as t
left join public.handicap_settings as s on s.user_id = t.user_id
left join latest as l on l.user_id = t.user_id
cross join lateral (
  select
    coalesce(s.course_handicap_source, 'spec') as source,
    case coalesce(s.course_handicap_source, 'spec')
      when 'whs' then l.index_after
      else l.spec_index_after
    end as handicap_index
) as chosen;

comment on view public.course_handicaps is
  'Course handicap per tee for its golfer''s index (handicap_settings: the spec''s or the WHS estimate; on a 9-hole tee the index halved to a tenth first); null without an index or without par.';

revoke all on table public.course_handicaps from public, anon, authenticated, service_role;
grant select on table public.course_handicaps to authenticated, service_role;
