-- The WHS table (how many of the lowest differentials are averaged, and the adjustment) lives in
-- one place: public.differentials_used. handicap_indexes repeated it inline; it now takes its
-- index from public.handicap_index_of, as handicap_history does, so every view reads the table
-- from that one function. Same columns, same numbers.
--
-- The current definition of every view and function is in supabase/schemas/; a test checks that
-- these migrations build exactly what those files declare.
create or replace view public.handicap_indexes
  with (security_invoker = on)
as
select
  d.user_id,
  count(*)::integer as rounds_count,
  public.handicap_index_of(array_agg((d.differential * 10)::integer)) as handicap_index
from public.round_differentials as d
group by d.user_id;

comment on function public.differentials_used(bigint) is
  'The WHS table of the product spec, the only copy in the schema: for a number of rounds (3 or more), how many of the lowest differentials are averaged (counted) and the adjustment subtracted, in tenths. No row below 3 rounds.';

comment on function public.handicap_index_of(integer[]) is
  'The handicap index of a set of score differentials given in tenths (e.g. 123 for 12.3), in any order: the mean of the lowest differentials_used(n).counted, rounded to a tenth with ties toward +∞, minus the adjustment; null for fewer than 3. Pass the rounds that count (all of them, or the latest 20 for a WHS estimate).';

-- The rounds' update trigger no longer keeps a round unchanged: since rounds became editable it
-- copies the new course's name, rating and slope into a round moved onto it (keeping the copies
-- otherwise) and refuses a change of id, owner or creation time. Renamed for what it does; the
-- body and the revoked grants stay as they were.
alter function public.keep_round_unchanged() rename to copy_course_into_edited_round;
alter trigger keep_round_unchanged on public.rounds rename to copy_course_into_edited_round;
