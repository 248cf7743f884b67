-- The walk: the rules of 40_handicap_rules.sql composed over one golfer's record, in record
-- order. private.walk_record walks a record (private.walk_steps, private.whs_step,
-- private.walk_rows), private.walks_of some golfers and private.whs_records every golfer the
-- caller can read. The kept walk (42_handicap_kept.sql) runs the same steps from a changed day on.

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
  language plpgsql immutable set search_path = ''
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
  language plpgsql immutable set search_path = ''
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

-- A walk in progress (a write walks from the changed day on, so a walk can start from
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
-- its day, which depends on earlier reductions and caps), and so is net double bogey:
-- each card counts its adjusted gross off the golfer's chosen index in effect on the day played
-- (source: the spec's, over the entries of the days before, or the estimate), else the starting
-- index (never in either index itself), else none. So one pass, O(20 · rounds): per
-- round its counted score and entry, per entry its differential, both indexes and the estimate's
-- step (private.whs_step). keyed[e] − reduced_before[r + 1] is diffs[e] less the reductions of
-- entries e … r.
create function private.walk_steps(
  walk private.walk,
  rounds public.rounds[],
  source text,
  starting_index numeric
) returns private.walk
  language plpgsql immutable set search_path = ''
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
  language plpgsql immutable set search_path = ''
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

-- Which of a walk's entries count for the spec's index (counts_for_index), decided from the walk:
-- the lowest `counted` differentials of every entry, kept or walked (spec_lowest holds the lowest
-- 8); of those tied at the cut-off the more recent count (played_on desc, id desc, as the app
-- lists them). The walk's entries are the record's most recent, so it decides them whatever the
-- entries before it are; the ids of those that count (both nines of a pair carry their entry's).
create function private.walk_counted(walk private.walk) returns text[]
  language plpgsql immutable set search_path = ''
as $$
declare
  counted integer := coalesce((private.differentials_used(walk.entries)).counted, 0);
  cutoff integer := walk.spec_lowest[counted];
  tied integer;
  entry_ids text[] := '{}';
begin
  if counted = 0 then
    return entry_ids;
  end if;
  -- How many of the entries tied at the cut-off count.
  tied := counted - (
    select count(*) from unnest(walk.spec_lowest[:counted]) as d (tenths) where d.tenths < cutoff
  )::integer;
  for r in reverse walk.entries .. coalesce(array_lower(walk.diffs, 1), walk.entries + 1) loop
    continue when walk.diffs[r] > cutoff or (walk.diffs[r] = cutoff and tied = 0);
    if walk.diffs[r] = cutoff then
      tied := tied - 1;
    end if;
    entry_ids := entry_ids || walk.entry_ids[r];
  end loop;
  return entry_ids;
end;
$$;

-- One golfer's record walked in record order (played_on, id), from its first round.
create function private.walk_record(
  rounds public.rounds[],
  source text,
  starting_index numeric
) returns setof private.walked_round
  language plpgsql immutable set search_path = ''
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
  language plpgsql stable set search_path = ''
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
  language plpgsql stable set search_path = ''
as $$
begin
  return query
    select w.* from private.walks_of(array(select distinct r.user_id from public.rounds as r)) as w;
end;
$$;

comment on function private.whs_records() is
  'The handicap walk over the rounds the caller can read, one row per round in record order (user_id, played_on, id): see private.walked_round. Not an official index: playing conditions, committee adjustments and penalty scores are not modelled.';

-- The walk runs as whoever reads or writes the handicap (signed-in golfers, service_role).
grant execute on function
  private.low_queue_pushed, private.whs_step, private.walk_steps, private.walk_rows,
  private.walk_counted, private.walk_record, private.walks_of, private.whs_records
  to authenticated, service_role;
