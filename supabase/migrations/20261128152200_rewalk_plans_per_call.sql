-- Written by hand: `local-supabase diff` (migra) does not diff a function's settings.
-- private.rewalk plans its statements (and those of the functions it calls) for each golfer and
-- day: a plan cached for a short record would read a long one whole.
alter function private.rewalk(uuid[], date[]) set plan_cache_mode = force_custom_plan;
