-- The handicap in SQL, so that any client (or a report) gets the same numbers as the app without
-- re-implementing the rules. The app's TypeScript module computes the same thing; a test compares
-- the two on thousands of random round sets.
--
-- Everything is computed in whole tenths, exactly: the course rating is a whole number of tenths
-- (a constraint guarantees it), so 10 × (score − rating) is an integer t, and the differential in
-- tenths, 113 × t / slope rounded half up (toward +∞, WHS Rule 5.1), is
-- floor((2·113·t + slope) / (2·slope)). The numeric division there is exact enough: the quotient
-- is a fraction with denominator at most 310, so it is either an integer or at least 1/310 away
-- from one, far beyond numeric's 16 significant digits.
--
-- Both views are security_invoker, so the rounds table's RLS applies to whoever queries them.

-- One row per round with its score differential.
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
  (
    floor(
      (2 * 113 * (10 * r.score - (10 * r.course_rating)::integer) + r.slope_rating)::numeric
        / (2 * r.slope_rating)
    ) / 10
  )::numeric(4, 1) as differential,
  r.created_at
from public.rounds as r;

comment on view public.round_differentials is
  'Score differential per round: 113 / slope × (score − course rating), rounded to the nearest tenth, ties toward +∞.';

-- One row per golfer who has rounds. With n rounds, the lowest k differentials are averaged (the
-- mean rounded half up to a tenth) and an adjustment subtracted, per the product spec's table.
-- All rounds count: there is no 20-round window. Fewer than 3 rounds give a null index.
create view public.handicap_indexes
  with (security_invoker = on)
as
with ranked as (
  select
    d.user_id,
    (d.differential * 10)::integer as differential_tenths,
    row_number() over (partition by d.user_id order by d.differential) as position,
    count(*) over (partition by d.user_id) as rounds_count
  from public.round_differentials as d
),
ruled as (
  select
    ranked.*,
    case
      when rounds_count >= 20 then 8
      when rounds_count = 19 then 7
      when rounds_count >= 17 then 6
      when rounds_count >= 15 then 5
      when rounds_count >= 12 then 4
      when rounds_count >= 9 then 3
      when rounds_count >= 6 then 2
      else 1
    end as counted,
    case rounds_count
      when 3 then 20
      when 4 then 10
      when 6 then 10
      else 0
    end as adjustment_tenths
  from ranked
)
select
  user_id,
  rounds_count::integer as rounds_count,
  case
    when rounds_count >= 3 then
      (
        (
          floor(
            (2 * sum(differential_tenths) filter (where position <= counted) + counted)::numeric
              / (2 * counted)
          ) - adjustment_tenths
        ) / 10
      )::numeric(4, 1)
  end as handicap_index
from ruled
group by user_id, rounds_count, counted, adjustment_tenths;

comment on view public.handicap_indexes is
  'Handicap index per golfer with rounds: null below 3 rounds, otherwise the mean of the lowest differentials (rounded to a tenth, ties toward +∞) minus the product spec''s adjustment.';

-- Signed-in golfers read the views (RLS on rounds limits them to their own rows); nobody writes
-- through them, and anon gets nothing.
revoke all on table public.round_differentials, public.handicap_indexes
  from public, anon, authenticated, service_role;
grant select on table public.round_differentials, public.handicap_indexes
  to authenticated, service_role;
