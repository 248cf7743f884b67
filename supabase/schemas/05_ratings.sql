-- The bounds of a course's and a tee's numbers, each written once and held by every table that
-- stores them (courses, tees, rounds' copies, the directory): course rating 20.0–90.0 for 18
-- holes and 10.0–45.0 for 9, in tenths; slope 55–155; a tee's par 27–90 for 18 holes and 27–45
-- for 9; a course's par (its 18 holes) 54–90. Each is null (a check passes) when its number is.
-- The tables' constraints keep their own names, which the app's messages are keyed on.
create function private.is_course_rating(rating numeric, holes integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select rating = round(rating, 1)
    and case holes when 9 then rating between 10.0 and 45.0 else rating between 20.0 and 90.0 end;
$$;

create function private.is_slope_rating(slope integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select slope between 55 and 155;
$$;

-- The highest par a tee of 9 or 18 holes can have (its hole pars are held to it too).
create function private.highest_tee_par(holes integer) returns integer
  language sql
  immutable
  set search_path = ''
as $$
  select case holes when 9 then 45 else 90 end;
$$;

create function private.is_tee_par(par integer, holes integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select par between 27 and private.highest_tee_par(holes);
$$;

create function private.is_course_par(par integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select par between 54 and 90;
$$;

-- The checks run as whoever writes the row.
revoke all on function
  private.is_course_rating, private.is_slope_rating, private.highest_tee_par, private.is_tee_par,
  private.is_course_par
  from public, anon, authenticated, service_role;
grant execute on function
  private.is_course_rating, private.is_slope_rating, private.highest_tee_par, private.is_tee_par,
  private.is_course_par
  to authenticated, service_role;
