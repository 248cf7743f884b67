-- The handicap views: what the app and any client read. None of them walks: they read the kept
-- walk (42_handicap_kept.sql), so a read costs the rows it returns. Every view is
-- security_invoker, so the tables' RLS (the kept walk's tables have the same owner-only policy as
-- rounds) applies to whoever reads it.

-- The 18-hole entries the handicap counts, one row per entry at its later round: an
-- 18-hole round, or two nines paired in turn in record order (private.paired_nines), with the
-- score it counts (the adjusted gross score of a round scored hole by hole), the ratings
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

-- Every handicap view is read, never written, and only by signed-in golfers (and service_role).
revoke all on table
  public.scoring_entries, public.round_differentials, public.handicap_indexes,
  public.handicap_history, public.whs_history, public.whs_indexes
  from public, anon, authenticated, service_role;
grant select on table
  public.scoring_entries, public.round_differentials, public.handicap_indexes,
  public.handicap_history, public.whs_history, public.whs_indexes
  to authenticated, service_role;
