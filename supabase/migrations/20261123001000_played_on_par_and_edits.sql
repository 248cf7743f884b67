-- The golfer's record: the day each round was played, an optional par per course, and edits.
--
-- played_on is the golfer's calendar day, not an instant: the app sends the day the golfer picked
-- (in their own time zone), so the database allows one day past its own current_date (UTC) for a
-- golfer east of UTC who plays "today" while it is still yesterday here. Nothing earlier than 1900
-- is a real handicap round. Rows that existed before this column get the UTC day they were added,
-- which is the best knowledge there is of when they were played.
alter table public.rounds add column played_on date;

update public.rounds set played_on = (created_at at time zone 'utc')::date;

alter table public.rounds
  alter column played_on set default current_date,
  alter column played_on set not null,
  add constraint rounds_played_on_is_1900_to_tomorrow check (
    played_on >= date '1900-01-01' and played_on <= current_date + 1
  );

-- The app lists rounds newest first by the day played, then by id (the order in which rounds of
-- one day were added); the same order decides ties between counting rounds.
create index rounds_user_id_played_on_id_idx on public.rounds (user_id, played_on desc, id desc);

-- Par, for the course handicap (WHS Rule 6.1). Optional: a golfer can add it later. 54 is an
-- 18-hole course of par-3 holes, the least any 18-hole course can be; 90 is the course rating's
-- own upper bound — real 18-hole courses stop in the high 70s, so this admits every one of them
-- and refuses a 9-hole par (27–36) or a slip like 720.
alter table public.courses
  add column par integer,
  add constraint courses_par_is_54_to_90 check (par between 54 and 90);

comment on column public.courses.par is
  'Par of the 18 holes, 54–90, optional; used only for the course handicap.';

-- Rounds become editable: score, day played and course. The copies stay the database's: a new
-- course re-copies that course's name, rating and slope (which must be the golfer's own, checked
-- as on insert); otherwise the copies are kept as they were whatever the update sends, the same
-- way the insert trigger overwrites forged copies. The id, the owner and the creation time never
-- change. course_id may become null: that is the foreign key's "on delete set null".
--
-- Undo of a deleted course re-links its rounds without re-copying (they keep the copies they were
-- added with); only public.undo_deletion does that, behind a transaction-local setting.
create or replace function public.keep_round_unchanged() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  course record;
begin
  if (new.id, new.user_id, new.created_at) is distinct from (old.id, old.user_id, old.created_at)
  then
    raise exception using
      errcode = 'check_violation',
      message = 'a round''s id, owner and creation time cannot change';
  end if;

  if new.course_id is not null and new.course_id is distinct from old.course_id then
    select c.name, c.rating, c.slope
      into course
      from public.courses as c
      where c.id = new.course_id
        and c.user_id = new.user_id
        and c.user_id = coalesce(auth.uid(), new.user_id);
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'a round can only be moved onto one of your own courses';
    end if;
    if public.is_undoing_a_deletion() then
      new.course_name := old.course_name;
      new.course_rating := old.course_rating;
      new.slope_rating := old.slope_rating;
    else
      new.course_name := course.name;
      new.course_rating := course.rating;
      new.slope_rating := course.slope;
    end if;
  else
    new.course_name := old.course_name;
    new.course_rating := old.course_rating;
    new.slope_rating := old.slope_rating;
  end if;
  return new;
end;
$$;

-- True only inside public.undo_deletion, which sets the flag for its own transaction. An API
-- request cannot set it: PostgREST sets only request.* settings and exposes no function that sets
-- others (set_config lives in pg_catalog, which is not an exposed schema); a SQL session that can
-- is one with database credentials, trusted already.
create function public.is_undoing_a_deletion() returns boolean
  language sql
  stable
  set search_path = ''
as $$
  select coalesce(current_setting('hcpfast.undoing_deletion', true), '') = 'on';
$$;

revoke all on function public.is_undoing_a_deletion() from public, anon, authenticated;

-- An undone round goes back exactly as it was: with the copies it had (the course may have been
-- edited since, or deleted), not re-copied. Every other insert is unchanged: the course must be
-- the golfer's own and the copies come from it.
create or replace function public.copy_course_into_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  course record;
begin
  if public.is_undoing_a_deletion() then
    return new;
  end if;

  if new.course_id is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'a new round needs a course',
      detail = 'course_id is null.';
  end if;

  select c.name, c.rating, c.slope
    into course
    from public.courses as c
    where c.id = new.course_id
      and c.user_id = new.user_id
      and c.user_id = coalesce(auth.uid(), new.user_id);

  if not found then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'a round can only be added on one of your own courses';
  end if;

  new.course_name := course.name;
  new.course_rating := course.rating;
  new.slope_rating := course.slope;
  return new;
end;
$$;

comment on table public.rounds is
  'Rounds played. course_name, course_rating and slope_rating are copies set by the database from the golfer''s own course when the round is added or moved to another course; editing the course later leaves them as they were.';

-- Golfers update their own rounds only, and cannot hand a round to someone else.
create policy "Golfers can update their own rounds"
  on public.rounds for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Only what a golfer edits: the copies follow the course, and id, owner and creation time are
-- fixed (the trigger refuses them for service_role too).
grant update (course_id, score, played_on) on table public.rounds to authenticated;
