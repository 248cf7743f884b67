-- The course directory: courses golfers share. A golfer publishes one of their own
-- courses; the directory keeps a snapshot of it and all its tees with their hole data, made when
-- publishing (publishing again replaces the snapshot and keeps the directory id, so a link to it
-- stays good). Any signed-in golfer may search it and copy a course into their own list: the copy
-- is their own rows in public.courses and public.tees, which the publisher's later changes never
-- touch. A visitor (anon) sees nothing.
--
-- Real course ratings are not open data, so the directory fills only with what golfers typed from
-- their cards; the seed's entries are the demo golfer's fictional courses, marked is_example.
--
-- Tees are a child table, not a jsonb snapshot: each value keeps its column type and the same
-- bounds public.tees has, checked by the database, and a copy is one insert ... select. The sums
-- of hole data are not repeated here: the snapshot is only ever taken from tees that passed them,
-- and a copy goes back through public.tees' own checks.
--
-- Written only through the RPCs (no insert, update or delete grant): publish_course and
-- withdraw_course run as the owner and check the caller themselves; copy_directory_course and
-- search_directory run as the caller, under RLS.

-- Accents and case folded for search: 'Château' and 'chateau' are the same word. unaccent's
-- dictionary is named with its schema, since every function here runs with an empty search_path.
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

create function private.folded(words text) returns text
  language sql stable set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, words));
$$;

-- A ULID made in the database (48 bits of milliseconds, 80 random bits, Crockford base 32), for
-- the rows a copy makes: the same shape as the ids the app makes, which the tables check.
create function private.new_ulid() returns text
  language plpgsql volatile set search_path = ''
as $$
declare
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  ms constant bigint := floor(extract(epoch from clock_timestamp()) * 1000)::bigint;
  random_bits constant bytea := extensions.gen_random_bytes(10);
  ulid text := '';
  digit integer;
begin
  for i in reverse 9..0 loop
    ulid := ulid || substr(alphabet, ((ms >> (5 * i)) & 31)::integer + 1, 1);
  end loop;
  for i in 0..15 loop
    digit := 0;
    for j in 0..4 loop
      digit := digit | (get_bit(random_bits, 5 * i + j) << j);
    end loop;
    ulid := ulid || substr(alphabet, digit + 1, 1);
  end loop;
  return ulid;
end;
$$;

create table public.directory_courses (
  id text primary key,
  published_by uuid not null references auth.users (id) on delete cascade,
  source_course_id text not null,
  name text not null,
  rating numeric not null,
  slope integer not null,
  par integer,
  is_example boolean not null default false,
  published_at timestamptz not null default now(),
  search_name text not null,
  constraint directory_courses_id_is_a_ulid check (private.is_ulid(id)),
  constraint directory_courses_one_entry_per_course unique (published_by, source_course_id),
  constraint directory_courses_name_is_1_to_100_characters check (
    char_length(name) between 1 and 100
  ),
  constraint directory_courses_rating_is_20_to_90_in_tenths check (
    private.is_within_bounds('course_rating', rating)
  ),
  constraint directory_courses_slope_is_55_to_155 check (
    private.is_within_bounds('slope_rating', slope)
  ),
  constraint directory_courses_par_is_54_to_90 check (private.is_within_bounds('course_par', par))
);

comment on table public.directory_courses is
  'The course directory: one snapshot per published course, readable by every signed-in golfer, written only by publish_course and withdraw_course.';

comment on column public.directory_courses.source_course_id is
  'The publisher''s course this is a snapshot of (not a reference: the course may since have changed or gone).';

comment on column public.directory_courses.search_name is
  'The name folded for search (lower case, no accents), kept by a trigger.';

create index directory_courses_search_name_idx
  on public.directory_courses using gin (search_name extensions.gin_trgm_ops);
create index directory_courses_search_name_order_idx
  on public.directory_courses (search_name collate "C", id);
create index directory_courses_published_at_idx
  on public.directory_courses (published_at desc, id desc);

create function private.fold_directory_name() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  new.search_name := private.folded(new.name);
  return new;
end;
$$;

create trigger fold_directory_name
  before insert or update of name on public.directory_courses
  for each row execute function private.fold_directory_name();

create table public.directory_tees (
  directory_course_id text not null references public.directory_courses (id) on delete cascade,
  position integer not null,
  name text not null,
  course_rating numeric not null,
  slope_rating integer not null,
  par integer,
  holes integer not null,
  hole_pars integer[],
  stroke_indexes integer[],
  primary key (directory_course_id, position),
  constraint directory_tees_position_is_positive check (position >= 1),
  constraint directory_tees_name_is_1_to_100_characters check (char_length(name) between 1 and 100),
  -- One check, not the tees' named ones: only publish_course writes here, from tees that passed
  -- them, so no golfer reads which bound broke.
  constraint directory_tees_hold_a_tees_bounds check (
    holes in (9, 18)
    and private.is_within_bounds('course_rating', course_rating, holes)
    and private.is_within_bounds('slope_rating', slope_rating)
    and private.is_within_bounds('tee_par', par, holes)
    and private.broken_hole_rule('{hole_pars,stroke_indexes}', holes, hole_pars, stroke_indexes)
      is null
  )
);

comment on table public.directory_tees is
  'The tees of a directory entry, in the order the publisher''s course had them (its first tee first), with their hole data.';

-- How many times each golfer published on each day (UTC), counted here rather than from the
-- directory's rows, which a republish or a withdrawal would undercount.
create table private.directory_publishes (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  publishes integer not null,
  primary key (user_id, day)
);

alter table private.directory_publishes enable row level security;
revoke all on table private.directory_publishes from public, anon, authenticated;

alter table public.directory_courses enable row level security;
alter table public.directory_tees enable row level security;

create policy "Signed-in golfers can read the directory"
  on public.directory_courses for select
  to authenticated
  using (true);

create policy "Signed-in golfers can read the directory's tees"
  on public.directory_tees for select
  to authenticated
  using (true);

revoke all on table public.directory_courses from anon, authenticated;
revoke all on table public.directory_tees from anon, authenticated;
grant select on table public.directory_courses to authenticated;
grant select on table public.directory_tees to authenticated;
grant all on table public.directory_courses to service_role;
grant all on table public.directory_tees to service_role;

-- Publishes one of the caller's own courses with all its tees, or replaces its earlier snapshot
-- (same directory id). Another golfer's course is refused as an unknown one is, so the answer
-- says nothing about which ids exist. At most 20 publishes a day: the count is taken before
-- anything else is written, and a refusal rolls it back with everything else.
create function public.publish_course(course_id text) returns text
  language plpgsql security definer set search_path = ''
as $$
declare
  golfer constant uuid := auth.uid();
  course public.courses;
  publishes_today integer;
  entry text;
begin
  select c.* into course
    from public.courses as c
    where c.id = publish_course.course_id and c.user_id = golfer;
  if golfer is null or not found then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'only one of your own courses can be published',
      detail = format('You have no course with id %s.', publish_course.course_id);
  end if;

  insert into private.directory_publishes as p (user_id, day, publishes)
    values (golfer, (now() at time zone 'utc')::date, 1)
    on conflict (user_id, day) do update set publishes = p.publishes + 1
    returning p.publishes into publishes_today;
  if publishes_today > 20 then
    raise exception using
      errcode = 'P0001',
      message = 'a golfer can publish at most 20 courses a day',
      hint = 'Try again tomorrow (UTC).';
  end if;

  insert into public.directory_courses as d
      (id, published_by, source_course_id, name, rating, slope, par, search_name)
    values (private.new_ulid(), golfer, course.id, course.name, course.rating, course.slope,
      course.par, '')
    on conflict (published_by, source_course_id) do update
      set name = excluded.name,
        rating = excluded.rating,
        slope = excluded.slope,
        par = excluded.par,
        is_example = false,
        published_at = now()
    returning d.id into entry;

  delete from public.directory_tees as t where t.directory_course_id = entry;
  insert into public.directory_tees
      (directory_course_id, position, name, course_rating, slope_rating, par, holes, hole_pars,
        stroke_indexes)
    select entry, row_number() over (order by t.created_at, t.id), t.name, t.course_rating,
        t.slope_rating, t.par, t.holes, t.hole_pars, t.stroke_indexes
      from public.tees as t
      where t.course_id = course.id and t.user_id = golfer;
  return entry;
end;
$$;

-- Takes the caller's own entry out of the directory; copies already made stay their owners'.
create function public.withdraw_course(directory_id text) returns void
  language plpgsql security definer set search_path = ''
as $$
begin
  delete from public.directory_courses as d
    where d.id = withdraw_course.directory_id and d.published_by = auth.uid();
  if not found then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'only a course you published can be withdrawn',
      detail = format('You published no directory entry with id %s.', withdraw_course.directory_id);
  end if;
end;
$$;

-- Copies an entry into the caller's own courses and tees as new rows, and returns the new
-- course's id. Runs as the caller: the inserts go through public.courses' and public.tees' own
-- policies, checks and triggers. The course's first tee is the one the database makes with it,
-- given the entry's first tee; the others follow it, one microsecond apart so they keep the
-- entry's order (a course's tees are ordered by creation time).
create function public.copy_directory_course(directory_id text) returns text
  language plpgsql set search_path = ''
as $$
declare
  entry public.directory_courses;
  first_tee public.directory_tees;
  course text := private.new_ulid();
begin
  select d.* into entry from public.directory_courses as d where d.id = copy_directory_course.directory_id;
  if not found or auth.uid() is null then
    -- PT404: PostgREST answers 404 (a withdrawn entry is the ordinary race, not a server error).
    raise exception using
      errcode = 'PT404',
      message = 'this course is not in the directory (it may have been withdrawn)',
      detail = format('No directory entry has id %s.', copy_directory_course.directory_id);
  end if;
  select t.* into first_tee
    from public.directory_tees as t
    where t.directory_course_id = entry.id
    order by t.position
    limit 1;

  insert into public.courses (id, user_id, name, rating, slope, par)
    values (course, auth.uid(), entry.name, entry.rating, entry.slope, entry.par);
  if first_tee.position is not null then
    update public.tees as t
      set name = first_tee.name,
        course_rating = first_tee.course_rating,
        slope_rating = first_tee.slope_rating,
        par = first_tee.par,
        holes = first_tee.holes,
        hole_pars = first_tee.hole_pars,
        stroke_indexes = first_tee.stroke_indexes
      where t.id = course;
  end if;
  insert into public.tees
      (id, course_id, user_id, name, course_rating, slope_rating, par, holes, hole_pars,
        stroke_indexes, created_at)
    select private.new_ulid(), course, auth.uid(), t.name, t.course_rating, t.slope_rating, t.par,
        t.holes, t.hole_pars, t.stroke_indexes, now() + t.position * interval '1 microsecond'
      from public.directory_tees as t
      where t.directory_course_id = entry.id and t.position > first_tee.position
      order by t.position;
  return course;
end;
$$;

-- Directory entries whose name holds every word of the query (case and accents aside, anywhere
-- in the name), 20 at most, in the order of their folded names; with no word, the 20 published
-- last. Any text is safe: the query is cut to 100 characters and 5 words, and LIKE's own
-- characters are escaped. Planned for each call with its words (EXECUTE): a rare word goes
-- through the trigram index and the few rows it finds are sorted, a common or short one walks the
-- folded-name index in order and stops at the 20th match; the other words are checked on the way.
create function public.search_directory(query text)
  returns table (
    id text,
    name text,
    published_by uuid,
    is_example boolean,
    published_at timestamptz,
    tees jsonb
  )
  language plpgsql stable set search_path = ''
as $$
declare
  patterns text[];
  entries constant text := $entries$
    select d.id, d.name, d.published_by, d.is_example, d.published_at,
        (
          select coalesce(jsonb_agg(jsonb_build_object(
              'position', t.position,
              'name', t.name,
              'course_rating', t.course_rating,
              'slope_rating', t.slope_rating,
              'par', t.par,
              'holes', t.holes,
              'hole_pars', t.hole_pars,
              'stroke_indexes', t.stroke_indexes
            ) order by t.position), '[]'::jsonb)
            from public.directory_tees as t
            where t.directory_course_id = d.id
        )
      from (%s) as d
      order by %s
  $entries$;
begin
  select coalesce(array_agg(w.pattern order by char_length(w.word) desc, w.word), '{}')
    into patterns
    from (
      select distinct word,
          '%' || replace(replace(replace(word, '\', '\\'), '%', '\%'), '_', '\_') || '%' as pattern
        from regexp_split_to_table(private.folded(left(coalesce(query, ''), 100)), '\s+') as word
        where word <> ''
      limit 5
    ) as w;

  if cardinality(patterns) = 0 then
    return query execute format(entries, $latest$
      select c.* from public.directory_courses as c
        order by c.published_at desc, c.id desc
        limit 20
    $latest$, 'd.published_at desc, d.id desc');
  else
    return query execute format(entries, $matches$
      select c.* from public.directory_courses as c
        where c.search_name like $1 and c.search_name like all ($2)
        order by c.search_name collate "C", c.id
        limit 20
    $matches$, 'd.search_name collate "C", d.id')
      using patterns[1], patterns[2:];
  end if;
end;
$$;

grant execute on function private.folded(text) to authenticated, service_role;
grant execute on function private.new_ulid() to authenticated, service_role;
revoke all on function public.publish_course(text) from anon;
revoke all on function public.withdraw_course(text) from anon;
revoke all on function public.copy_directory_course(text) from anon;
revoke all on function public.search_directory(text) from anon;
grant execute on function public.publish_course(text) to authenticated, service_role;
grant execute on function public.withdraw_course(text) to authenticated, service_role;
grant execute on function public.copy_directory_course(text) to authenticated, service_role;
grant execute on function public.search_directory(text) to authenticated, service_role;
