-- The handicap in SQL, so that any client (or a report) gets the same numbers as the app without
-- re-implementing the rules. The app's TypeScript module (src/features/handicap/lib) computes the
-- same thing; tests compare the two on thousands of random round sets. The current definition of
-- every handicap view and function: the migrations build exactly this (a test compares them).
--
-- Everything is computed in whole tenths and integers, exactly, ties toward +∞: the course rating
-- is a whole number of tenths (a constraint guarantees it), so 10 × (score − rating) is an integer
-- t, and the differential in tenths, 113 × t / slope rounded half up (WHS Rule 5.1), is
-- floor((2·113·t + slope) / (2·slope)). The numeric division there is exact enough: the quotient
-- is a fraction with denominator at most 310, so it is either an integer or at least 1/310 away
-- from one, far beyond numeric's 16 significant digits.
--
-- Every view is security_invoker, so the tables' RLS applies to whoever reads it.

-- The WHS table of the product spec, and its only copy in the schema: for n rounds (3 or more),
-- how many of the lowest differentials are averaged and the adjustment in tenths. No row below 3.
create function public.differentials_used(rounds_count bigint)
  returns table (counted integer, adjustment_tenths integer)
  language sql
  immutable
  set search_path = ''
as $$
  select
    case
      when rounds_count >= 20 then 8
      when rounds_count = 19 then 7
      when rounds_count >= 17 then 6
      when rounds_count >= 15 then 5
      when rounds_count >= 12 then 4
      when rounds_count >= 9 then 3
      when rounds_count >= 6 then 2
      else 1
    end,
    case rounds_count when 3 then 20 when 4 then 10 when 6 then 10 else 0 end
  where rounds_count >= 3;
$$;

comment on function public.differentials_used(bigint) is
  'The WHS table of the product spec, the only copy in the schema: for a number of rounds (3 or more), how many of the lowest differentials are averaged (counted) and the adjustment subtracted, in tenths. No row below 3 rounds.';

-- The index of a set of differentials: the one function every index in the schema comes from.
-- Give it the differentials that count, in tenths (12.3 is 123), in any order: all of a golfer's
-- rounds (handicap_indexes, handicap_history), or only the latest 20 for a WHS estimate. Null
-- below 3; otherwise the mean of the lowest `counted`, rounded half up to a tenth, minus the
-- adjustment.
create function public.handicap_index_of(differential_tenths integer[]) returns numeric
  language sql
  immutable
  set search_path = ''
as $$
  select (
    (
      floor(
        (2 * (select sum(t) from (
          select t from unnest(differential_tenths) as t order by t limit rule.counted
        ) as lowest) + rule.counted)::numeric / (2 * rule.counted)
      ) - rule.adjustment_tenths
    ) / 10
  )::numeric(4, 1)
  from public.differentials_used(cardinality(differential_tenths)) as rule;
$$;

comment on function public.handicap_index_of(integer[]) is
  'The handicap index of a set of score differentials given in tenths (e.g. 123 for 12.3), in any order: the mean of the lowest differentials_used(n).counted, rounded to a tenth with ties toward +∞, minus the adjustment; null for fewer than 3. Pass the rounds that count (all of them, or the latest 20 for a WHS estimate).';

-- One row per round with its score differential, the day played and whether the round is one the
-- index averages: the lowest `counted` differentials; on a tie at the cut-off the round listed
-- first in the app (played_on desc, id desc: the more recent) counts. The column order is the
-- migrations' (create or replace view can only append columns).
create view public.round_differentials
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

comment on view public.round_differentials is
  'Score differential per round: 113 / slope × (score − course rating), rounded to the nearest tenth, ties toward +∞; counts: among the lowest differentials the index averages (ties: the more recently played).';

-- One row per golfer who has rounds: the index over all their rounds (there is no 20-round
-- window), null below 3 rounds.
create view public.handicap_indexes
  with (security_invoker = on)
as
select
  d.user_id,
  count(*)::integer as rounds_count,
  public.handicap_index_of(array_agg((d.differential * 10)::integer)) as handicap_index
from public.round_differentials as d
group by d.user_id;

comment on view public.handicap_indexes is
  'Handicap index per golfer with rounds: null below 3 rounds, otherwise the mean of the lowest differentials (rounded to a tenth, ties toward +∞) minus the product spec''s adjustment.';

-- The index as it stood after each round, rounds taken in the order played (played_on, id).
create view public.handicap_history
  with (security_invoker = on)
as
select
  d.user_id,
  d.id as round_id,
  d.played_on,
  public.handicap_index_of(
    array_agg((d.differential * 10)::integer) over (
      partition by d.user_id
      order by d.played_on, d.id
      rows between unbounded preceding and current row
    )
  ) as handicap_index
from public.round_differentials as d;

comment on view public.handicap_history is
  'The handicap index over each golfer''s rounds up to and including this one, in played_on, id order; null below 3 rounds.';

-- Course handicap (WHS Rule 6.1): index × slope / 113 + (course rating − par), to the nearest
-- whole number, halves toward +∞. In tenths of the index I and of the rating R that is
-- (I × slope + 113 × (R − 10 × par)) / 1130, an exact ratio of integers.
create view public.course_handicaps
  with (security_invoker = on)
as
select
  c.user_id,
  c.id as course_id,
  case
    when c.par is not null and h.handicap_index is not null then
      floor(
        (
          2 * (
            (h.handicap_index * 10)::integer * c.slope
              + 113 * ((c.rating * 10)::integer - 10 * c.par)
          ) + 1130
        )::numeric / 2260
      )::integer
  end as course_handicap
from public.courses as c
left join public.handicap_indexes as h on h.user_id = c.user_id;

comment on view public.course_handicaps is
  'Course handicap per course for its golfer''s current index; null without an index or without par.';

-- Signed-in golfers read the views (RLS on the tables limits them to their own rows); nobody
-- writes through them, and anon gets nothing.
revoke all on table public.round_differentials, public.handicap_indexes
  from public, anon, authenticated, service_role;
grant select on table public.round_differentials, public.handicap_indexes
  to authenticated, service_role;
revoke all on table public.handicap_history, public.course_handicaps
  from public, anon, authenticated, service_role;
grant select on table public.handicap_history, public.course_handicaps
  to authenticated, service_role;
revoke all on function public.differentials_used(bigint), public.handicap_index_of(integer[])
  from public, anon;
grant execute on function public.differentials_used(bigint), public.handicap_index_of(integer[])
  to authenticated, service_role;
