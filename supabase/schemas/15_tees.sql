-- A course's tees: each with its own course rating, slope, par and number of holes (18,
-- or 9 for a rated nine), and optionally each hole's par and stroke index. Rounds are played from
-- one tee and keep copies of it (20_rounds.sql). The current definition: the migrations build
-- exactly this (a test compares them, see the README).
--
-- Bounds repeat the app's: rating, slope and par as private.bounds_of (05_ratings.sql) holds
-- them; hole pars 3–6, one per hole, adding up to par (so hole pars need a par); stroke indexes
-- distinct whole numbers 1–18, one per hole (on a 9-hole tee the hole with the lower number
-- receives strokes first). A tee belongs to its golfer's own course: a
-- trigger refuses another golfer's course with the message an unknown one gets.
--
-- The first tee: a course created as before (name, rating, slope, optional par: the spec's "Add
-- Course" modal) gets one 18-hole tee named 'Default' from those values, made by the database,
-- whose id is the course's own id (a ULID already; tee ids are unique per table only), so a client
-- knows it without asking. A course's first tee is its earliest created (then lowest id).
--
-- The course's rating, slope and par stay in step with its first tee while that tee has 18
-- holes: the app and older devices still read and write them on courses. Editing the course edits
-- that tee; editing that tee (or deleting it, making the next one first) edits the course — par
-- only where it fits the course's own 54–90, otherwise the course's par becomes null. Each side
-- copies only a change made directly (pg_trigger_depth), so the two never bounce.
--
-- Deleting a course's last tee is refused (restrict_violation, which PostgREST answers with 400);
-- deleting the course deletes its tees (cascade). Deletes reach other devices through
-- public.deletions, as for courses and rounds (30_deletions.sql).

-- Whole-array facts the checks need (a check cannot hold a subquery).
create function private.sum_of(numbers integer[]) returns integer
  language sql immutable set search_path = ''
as $$
  select sum(n)::integer from unnest(numbers) as n;
$$;

-- A list with one value per hole: one dimension, numbered from 1, as many as the holes.
create function private.is_one_per_hole(list anyarray, holes integer) returns boolean
  language sql immutable set search_path = ''
as $$
  select array_ndims(list) = 1 and array_lower(list, 1) = 1 and cardinality(list) = holes;
$$;

-- The first of a card's or a tee's lists (of `rules`, or a card's when null) that has not one
-- value per hole, in the golfer's words, or null: private.broken_hole_rule checks the lists whole
-- before it reads them hole by hole.
create function private.broken_hole_list_rule(
  rules text[],
  holes integer,
  hole_pars integer[],
  stroke_indexes integer[],
  hole_strokes integer[],
  hole_putts integer[],
  hole_fairways boolean[],
  hole_greens boolean[],
  hole_penalties integer[]
) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  unfit constant text := ' need one value per hole: %s, not %s';
begin
  rules := coalesce(rules, '{strokes,putts,fairways,greens,penalties}');
  return case
    when 'strokes' = any (rules) and not private.is_one_per_hole(hole_strokes, holes)
    then
      format('the card has %s holes, but this round is played over %s', cardinality(hole_strokes), holes)
    when 'putts' = any (rules) and not private.is_one_per_hole(hole_putts, holes) then
      format('putts' || unfit, holes, cardinality(hole_putts))
    when 'fairways' = any (rules) and not private.is_one_per_hole(hole_fairways, holes)
    then
      format('fairways hit' || unfit, holes, cardinality(hole_fairways))
    when 'greens' = any (rules) and not private.is_one_per_hole(hole_greens, holes) then
      format('greens in regulation' || unfit, holes, cardinality(hole_greens))
    when 'penalties' = any (rules)
      and not private.is_one_per_hole(hole_penalties, holes)
    then
      format('penalty strokes' || unfit, holes, cardinality(hole_penalties))
    when 'hole_pars' = any (rules) and not private.is_one_per_hole(hole_pars, holes) then
      format('hole pars' || unfit, holes, cardinality(hole_pars))
    when 'stroke_indexes' = any (rules) and not private.is_one_per_hole(stroke_indexes, holes) then
      format('stroke indexes' || unfit, holes, cardinality(stroke_indexes))
  end;
end;
$$;

-- Every bound on a tee's holes and a round's card, written once: the first rule the
-- values break, in the golfer's words with the hole number ('hole 7: putts can''t be more than
-- strokes'), or null. The checks on public.tees and public.rounds call it for their own rules
-- (`rules`), the rounds trigger for all of a card's, and public.import_rounds for a file's tee.
-- Whole lists first, then hole by hole, then the totals. In the detail lists a null element is a
-- value not recorded, and passes; a null list is nothing recorded. `rules` null: a card's rules
-- (the first eight below), as the rounds trigger checks them; the tee's are asked for by name.
--   details    putts, fairways, greens and penalties only beside strokes
--   card       strokes need the holes' pars and stroke indexes
--   strokes    1-20 on every hole          putts      0-10, at most the strokes
--   fairways   only on a par 4 or more     greens     one per hole
--   penalties  0-10, fewer than strokes    score      the sum of the strokes
--   hole_pars  3-6 on every hole           stroke_indexes  1-18, each once
--   hole_pars_total  no more than a tee's par can be (45 for 9 holes, 90)
create function private.broken_hole_rule(
  rules text[],
  holes integer,
  hole_pars integer[],
  stroke_indexes integer[],
  score integer default null,
  hole_strokes integer[] default null,
  hole_putts integer[] default null,
  hole_fairways boolean[] default null,
  hole_greens boolean[] default null,
  hole_penalties integer[] default null
) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  strokes_rule boolean;
  putts_rule boolean;
  fairways_rule boolean;
  penalties_rule boolean;
  pars_rule boolean;
  indexes_rule boolean;
  strokes integer;
  problem text;
begin
  rules := coalesce(rules, '{details,card,strokes,putts,fairways,greens,penalties,score}');
  strokes_rule := 'strokes' = any (rules);
  putts_rule := 'putts' = any (rules);
  fairways_rule := 'fairways' = any (rules);
  penalties_rule := 'penalties' = any (rules);
  pars_rule := 'hole_pars' = any (rules);
  indexes_rule := 'stroke_indexes' = any (rules);
  if 'details' = any (rules) and hole_strokes is null
    and num_nonnulls(hole_putts, hole_fairways, hole_greens, hole_penalties) > 0
  then
    return 'putts, fairways, greens and penalty strokes are kept only for a round scored hole by '
      || 'hole';
  end if;
  if 'card' = any (rules) and hole_strokes is not null
    and (hole_pars is null or stroke_indexes is null)
  then
    return 'this tee has no hole pars and stroke indexes: add them to the tee to score hole by hole';
  end if;
  problem := private.broken_hole_list_rule(
    rules, holes, hole_pars, stroke_indexes, hole_strokes, hole_putts, hole_fairways, hole_greens,
    hole_penalties
  );
  if problem is not null then
    return problem;
  end if;
  for hole in 1 .. holes loop
    strokes := hole_strokes[hole];
    problem := case
      when strokes_rule and hole_strokes is not null and strokes is null then
        'hole %s: strokes are missing'
      when strokes_rule and strokes not between 1 and 20 then 'hole %s: strokes must be from 1 to 20'
      when putts_rule and hole_putts[hole] not between 0 and 10 then
        'hole %s: putts must be from 0 to 10'
      when putts_rule and hole_putts[hole] > strokes then 'hole %s: putts can''t be more than strokes'
      when fairways_rule and hole_fairways[hole] is not null
        and (hole_pars[hole] is null or hole_pars[hole] < 4)
      then
        'hole %s: a par 3 has no fairway to hit'
      when penalties_rule and hole_penalties[hole] not between 0 and 10 then
        'hole %s: penalty strokes must be from 0 to 10'
      when penalties_rule and hole_penalties[hole] >= strokes then
        'hole %s: penalty strokes must be fewer than strokes'
      when pars_rule and hole_pars is not null and coalesce(hole_pars[hole] not between 3 and 6, true)
      then
        'hole %s: par must be from 3 to 6'
      when indexes_rule and stroke_indexes is not null and coalesce(
        stroke_indexes[hole] not between 1 and 18
          or stroke_indexes[hole] = any (stroke_indexes[:hole - 1]),
        true
      ) then
        'hole %s: stroke index must be from 1 to 18, each once'
    end;
    if problem is not null then
      return format(problem, hole);
    end if;
  end loop;
  if 'score' = any (rules) and score <> private.sum_of(hole_strokes) then
    return format(
      'the score (%s) must be the sum of the holes'' strokes (%s)', score, private.sum_of(hole_strokes)
    );
  end if;
  if 'hole_pars_total' = any (rules)
    and private.sum_of(hole_pars) > upper(private.bounds_of('tee_par', holes))
  then
    return format(
      'the hole pars add up to %s, more than a tee''s par can be (%s)',
      private.sum_of(hole_pars), upper(private.bounds_of('tee_par', holes))
    );
  end if;
  return null;
end;
$$;

comment on function private.broken_hole_rule(
  text[], integer, integer[], integer[], integer, integer[], integer[], boolean[], boolean[],
  integer[]
) is
  'The first hole rule the values break (of `rules`, or a card''s when null), in the golfer''s words with the hole number, or null: the one place each bound on a tee''s holes and a round''s card is written.';

-- The checks and the triggers run with the writer's rights (a golfer's insert, import_rounds).
grant execute on function
  private.sum_of(integer[]),
  private.is_one_per_hole(anyarray, integer),
  private.broken_hole_list_rule,
  private.broken_hole_rule(
    text[], integer, integer[], integer[], integer, integer[], integer[], boolean[], boolean[],
    integer[]
  )
  to authenticated, service_role;

create table public.tees (
  id text primary key,
  course_id text not null references public.courses (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  course_rating numeric not null,
  slope_rating integer not null,
  par integer,
  holes integer not null default 18,
  hole_pars integer[],
  stroke_indexes integer[],
  created_at timestamptz not null default now(),
  constraint tees_id_is_a_ulid check (private.is_ulid(id)),
  constraint tees_name_is_1_to_100_trimmed_characters check (
    private.is_trimmed_name(name, 100)
  ),
  constraint tees_holes_is_9_or_18 check (holes in (9, 18)),
  constraint tees_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths check (
    private.is_within_bounds('course_rating', course_rating, holes)
  ),
  constraint tees_slope_rating_is_55_to_155 check (
    private.is_within_bounds('slope_rating', slope_rating)
  ),
  constraint tees_par_is_27_to_90_or_27_to_45_for_nine check (
    private.is_within_bounds('tee_par', par, holes)
  ),
  constraint tees_hole_pars_are_3_to_6_one_per_hole check (
    private.broken_hole_rule('{hole_pars}', holes, hole_pars, null) is null
  ),
  constraint tees_hole_pars_add_up_to_par check (
    hole_pars is null or (par is not null and private.sum_of(hole_pars) = par)
  ),
  constraint tees_stroke_indexes_are_distinct_1_to_18_one_per_hole check (
    private.broken_hole_rule('{stroke_indexes}', holes, null, stroke_indexes) is null
  )
);

comment on table public.tees is
  'A golfer''s tees, each on one of their courses: rating, slope, par, 9 or 18 holes, optional hole pars and stroke indexes. A course''s first tee (earliest created) is made with it, named Default, with the course''s id, and kept in step with the course''s rating, slope and par while it has 18 holes.';

create index tees_user_id_idx on public.tees (user_id);
create index tees_course_id_idx on public.tees (course_id);

-- A course's first tee: its earliest created, by id on a tie (null when it has none). The course
-- keeps in step with it, and a round given only its course is played from it.
create function private.first_tee_of(course_id text) returns public.tees
  language sql stable set search_path = ''
as $$
  select t.* from public.tees as t
  where t.course_id = first_tee_of.course_id
  order by t.created_at, t.id
  limit 1;
$$;

-- A course's Default tee, made from the course's values, with the course's id.
create function private.add_default_tee(course public.courses) returns void
  language sql set search_path = ''
as $$
  insert into public.tees (id, course_id, user_id, name, course_rating, slope_rating, par, holes)
    values (
      course.id, course.id, course.user_id, 'Default', course.rating, course.slope, course.par, 18
    );
$$;

-- A partner's tee on the course of the round's tee `tee`: the golfer's earliest tee there with the
-- partner's tee name, else `tee` itself. The import and a signed shared card find it the same way.
create function private.partner_tee(tee text, tee_name text) returns text
  language sql stable set search_path = ''
as $$
  select coalesce(
    (
      select t.id
      from public.tees as t
      join public.tees as own on own.course_id = t.course_id
      where own.id = partner_tee.tee and t.name = partner_tee.tee_name
      order by t.created_at, t.id
      limit 1
    ),
    partner_tee.tee
  );
$$;

-- The import runs as the golfer.
grant execute on function private.partner_tee(text, text) to authenticated, service_role;

-- A tee's id, owner, course and creation time are its identity, and its course must be the
-- golfer's own. Runs as its owner to see the course whatever the caller's policies; a course that
-- does not exist and another golfer's give the same error (insufficient_privilege: 403).
create function private.check_tee_course() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if (new.id, new.user_id, new.course_id, new.created_at)
      is distinct from (old.id, old.user_id, old.course_id, old.created_at) then
      raise exception using
        errcode = 'check_violation',
        message = 'a tee''s id, owner, course and creation time cannot change';
    end if;
    return new;
  end if;
  if not exists (
    select 1 from public.courses as c
    where c.id = new.course_id
      and c.user_id = new.user_id
      and c.user_id = coalesce(auth.uid(), new.user_id)
  ) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'a tee can only be added to one of your own courses';
  end if;
  return new;
end;
$$;

create trigger check_tee_course
  before insert or update on public.tees
  for each row execute function private.check_tee_course();

-- A course's after-row steps, in this order: a new course gets its first tee (not when Undo puts
-- a deleted course back: its tees come back from public.deletions with it), the golfer's devices
-- are told of the change, then a course edited directly (the Edit Course dialog) is copied into
-- its first tee, if that has 18 holes. Only the message is for every operation, so the order
-- decides just which message is written first: the one the separate triggers had.
create function private.after_course_changed() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and not private.is_undoing_a_deletion() then
    perform private.add_default_tee(new);
  end if;
  perform private.send_golfer_change(tg_op, tg_table_name, new, old);
  if tg_op = 'UPDATE' and pg_trigger_depth() = 1
    and (new.rating, new.slope, new.par) is distinct from (old.rating, old.slope, old.par)
  then
    update public.tees as t
      set course_rating = new.rating, slope_rating = new.slope, par = new.par
      where t.id = (private.first_tee_of(new.id)).id
        and t.holes = 18;
  end if;
  return null;
end;
$$;

create trigger after_course_changed
  after insert or update or delete on public.courses
  for each row execute function private.after_course_changed();

-- A tee's after-row steps, in this order: deleting a course's last tee is refused first, so
-- nothing else is done for a delete that fails (deleting the course, whose tees go by cascade
-- after the course row is gone, is not refused; an after trigger sees every row the statement
-- deleted); then the golfer's devices are told of the change; then a tee added, edited or deleted
-- directly makes the course follow its (possibly new) first tee, if that has 18 holes, so the
-- tee's message is written before that of the course change it causes.
create function private.after_tee_changed() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  first public.tees;
begin
  if tg_op = 'DELETE'
    and exists (select 1 from public.courses as c where c.id = old.course_id)
    and not exists (select 1 from public.tees as t where t.course_id = old.course_id)
  then
    raise exception using
      errcode = 'restrict_violation',
      message = 'a course keeps at least one tee: delete the course instead',
      detail = format('Tee %s is the last tee of its course.', old.id);
  end if;
  perform private.send_golfer_change(tg_op, tg_table_name, new, old);
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  first := private.first_tee_of(coalesce(new.course_id, old.course_id));
  if first.holes = 18 then
    update public.courses as c
      set rating = first.course_rating,
        slope = first.slope_rating,
        par = case when private.is_within_bounds('course_par', first.par) then first.par end
      where c.id = first.course_id
        and (c.rating, c.slope, c.par) is distinct from (
          first.course_rating,
          first.slope_rating,
          case when private.is_within_bounds('course_par', first.par) then first.par end
        );
  end if;
  return null;
end;
$$;

create trigger after_tee_changed
  after insert or update or delete on public.tees
  for each row execute function private.after_tee_changed();

-- Row-level security: each golfer sees and changes only their own tees.
alter table public.tees enable row level security;

create policy "Golfers can read their own tees"
  on public.tees for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can add tees for themselves"
  on public.tees for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Golfers can update their own tees"
  on public.tees for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Golfers can delete their own tees"
  on public.tees for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.tees from anon, authenticated;
grant select, insert, delete on table public.tees to authenticated;
grant update (name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
  on table public.tees to authenticated;
grant all on table public.tees to service_role;

-- Realtime, as for courses: the default replica identity, deletes through public.deletions.
alter publication supabase_realtime add table public.tees;
