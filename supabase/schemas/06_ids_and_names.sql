-- The rules of the ids and names golfers' rows carry, each written once and held by every table
-- that stores one under its own constraint names, which the app's messages are keyed on.

-- A ULID as the client makes it (Crockford's base 32, 26 characters, the first at most 7).
create function private.is_ulid(id text) returns boolean
  language sql immutable set search_path = ''
as $$
  select id ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$';
$$;

-- A name as the golfer's screen showed it: 1 to `longest` characters (code points) and no white
-- space at either end, the set of JavaScript's String.prototype.trim() (10_courses.sql says why).
create function private.is_trimmed_name(name text, longest integer) returns boolean
  language sql immutable set search_path = ''
as $$
  select char_length(name) between 1 and longest
    and name !~ '^[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and name !~ '[ \t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]$';
$$;

-- The checks run as whoever writes the row.
grant execute on function private.is_ulid, private.is_trimmed_name to authenticated, service_role;
