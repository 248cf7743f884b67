-- A starting index (issue 32): the index a golfer's federation gave them, used until HCPFast has
-- an index of its own. Null when none; -10.0 to 54.0 in tenths. Golfers may update it as they may
-- update their course handicap source. Why each rule: supabase/schemas/70_handicap_settings.sql.
alter table public.handicap_settings
  add column starting_index numeric,
  add constraint handicap_settings_starting_index_is_minus_10_to_54_in_tenths check (
    starting_index between -10.0 and 54.0 and starting_index = round(starting_index, 1)
  );

comment on table public.handicap_settings is
  'Per golfer: which index drives course handicaps, the spec''s (spec) or the WHS estimate (whs), and the starting index from their federation. No row means spec and no starting index.';

comment on column public.handicap_settings.starting_index is
  'The index from the golfer''s federation (-10.0 to 54.0 in tenths; negative is a plus index), used until HCPFast has 3 rounds; null when none.';

grant update (starting_index) on table public.handicap_settings to authenticated;
