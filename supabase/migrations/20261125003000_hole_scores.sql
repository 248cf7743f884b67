-- The scorecard (issue 23), its columns: a round scored hole by hole keeps each hole's strokes and,
-- where the golfer recorded them, putts, fairway hit, green in regulation and penalty strokes, in
-- hole order. All are null for a round entered as a total, as every round before this was. The
-- current definition, with the reasons: supabase/schemas/20_rounds.sql.
alter table public.rounds
  add column hole_strokes integer[],
  add column hole_putts integer[],
  add column hole_fairways boolean[],
  add column hole_greens boolean[],
  add column hole_penalties integer[];

comment on column public.rounds.hole_strokes is
  'Strokes per hole, in hole order, for a round scored hole by hole (null for a round entered as a total); score is their sum (the gross score).';
