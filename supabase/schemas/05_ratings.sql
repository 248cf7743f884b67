-- The bounds of a course's and a tee's numbers, the one place they are written, held by every
-- table that stores them (courses, tees, rounds' copies, the directory) under its own constraint
-- names, which the app's messages are keyed on:
--   course_rating  20.0–90.0 for 18 holes, 10.0–45.0 for 9, in tenths
--   slope_rating   55–155
--   tee_par        27–90 for 18 holes, 27–45 for 9 (a tee's hole pars add up to no more)
--   course_par     54–90 (a course's 18 holes)
create function private.bounds_of(what text, holes integer default 18) returns numrange
  language sql immutable set search_path = ''
as $$
  select case what
    when 'course_rating' then
      case holes when 9 then numrange(10.0, 45.0, '[]') else numrange(20.0, 90.0, '[]') end
    when 'slope_rating' then numrange(55, 155, '[]')
    when 'tee_par' then numrange(27, case holes when 9 then 45 else 90 end, '[]')
    when 'course_par' then numrange(54, 90, '[]')
  end;
$$;

-- Whether a value is within its bounds (a rating in whole tenths too); null, as a check passes,
-- when the value is null.
create function private.is_within_bounds(what text, value numeric, holes integer default 18)
  returns boolean
  language sql immutable set search_path = ''
as $$
  select private.bounds_of(what, holes) @> value
    and (what <> 'course_rating' or value = round(value, 1));
$$;

-- The checks run as whoever writes the row.
grant execute on function private.bounds_of, private.is_within_bounds
  to authenticated, service_role;
