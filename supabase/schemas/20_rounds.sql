-- Rounds a golfer has played, each with copies of what it was played on (the course's name, the
-- tee's name, rating, slope, par, holes, hole pars and stroke indexes): a handicap must not change
-- because a course or tee was edited or deleted later, so deleting one keeps its rounds (course_id
-- or tee_id becomes null, the copies stay). The current definition of everything about
-- rounds: the migrations build exactly this (a test compares them, see the README).
--
-- The copies are the database's, not the client's: triggers fill them from the course when a round
-- is added or moved to another course, and refuse a course that is not the golfer's own. The
-- checks below still hold the copies to the courses' bounds, so a row written by service_role
-- cannot break the handicap arithmetic either.
--
-- played_on is the golfer's calendar day, not an instant: the app sends the day the golfer picked
-- (in their own time zone), so the database allows one day past its own current_date (UTC) for a
-- golfer east of UTC who plays "today" while it is still yesterday here. Nothing earlier than 1900
-- is a real handicap round. Columns are in the order the migrations added them (tee_id … nine, then
-- the scorecard's hole_* arrays). A 9-hole round scores 9–100 with a 9-hole rating 10.0–45.0; the handicap pairs nines
-- (40_handicap_rules.sql).
create table public.rounds (
  id text primary key,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  course_id text references public.courses (id) on delete set null,
  course_name text not null,
  course_rating numeric not null,
  slope_rating integer not null,
  score integer not null,
  created_at timestamptz not null default now(),
  played_on date not null default current_date,
  tee_id text references public.tees (id) on delete set null,
  holes integer not null default 18,
  tee_name text,
  par integer,
  hole_pars integer[],
  stroke_indexes integer[],
  nine text,
  -- The scorecard: per hole, in hole order; null for a round entered as a total. In
  -- the detail arrays an element null is a value not recorded (a fairway on a par 3 is always null).
  hole_strokes integer[],
  hole_putts integer[],
  hole_fairways boolean[],
  hole_greens boolean[],
  hole_penalties integer[],
  -- The game the round was played in, or null: 17_games.sql.
  game jsonb,
  constraint rounds_id_is_a_ulid check (private.is_ulid(id)),
  constraint rounds_course_name_is_1_to_100_characters check (
    char_length(course_name) between 1 and 100
  ),
  constraint rounds_slope_rating_is_55_to_155 check (
    private.is_within_bounds('slope_rating', slope_rating)
  ),
  constraint rounds_played_on_is_1900_to_tomorrow check (
    played_on >= date '1900-01-01' and played_on <= current_date + 1
  ),
  constraint rounds_holes_is_9_or_18 check (holes in (9, 18)),
  constraint rounds_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths check (
    private.is_within_bounds('course_rating', course_rating, holes)
  ),
  constraint rounds_score_is_18_to_200_or_9_to_100_for_nine check (
    (holes = 18 and score between 18 and 200) or (holes = 9 and score between 9 and 100)
  ),
  constraint rounds_tee_name_is_1_to_100_characters check (char_length(tee_name) between 1 and 100),
  constraint rounds_par_is_27_to_90_or_27_to_45_for_nine check (
    private.is_within_bounds('tee_par', par, holes)
  ),
  constraint rounds_hole_data_has_one_value_per_hole check (
    (hole_pars is null or cardinality(hole_pars) = holes)
    and (stroke_indexes is null or cardinality(stroke_indexes) = holes)
  ),
  constraint rounds_nine_is_front_or_back_of_a_9_hole_round check (
    nine is null or (nine in ('front', 'back') and holes = 9)
  ),
  -- The scorecard's bounds, each in private.broken_hole_rule (15_tees.sql), the one
  -- place they are written: a check per rule, the backstop of check_hole_scores below, which
  -- refuses the same in words first. A card needs its tee's hole pars and stroke indexes; the
  -- score stays the gross, the sum of the strokes; the details are per hole and only beside strokes.
  constraint rounds_hole_strokes_are_1_to_20_one_per_hole check (
    private.broken_hole_rule('{strokes}', holes, null, null, hole_strokes => hole_strokes) is null
  ),
  constraint rounds_hole_strokes_need_hole_pars_and_stroke_indexes check (
    private.broken_hole_rule(
      '{card}', holes, hole_pars, stroke_indexes, hole_strokes => hole_strokes
    ) is null
  ),
  constraint rounds_score_is_the_sum_of_hole_strokes check (
    private.broken_hole_rule('{score}', holes, null, null, score, hole_strokes) is null
  ),
  constraint rounds_hole_details_need_hole_strokes check (
    private.broken_hole_rule(
      '{details}', holes, null, null, score, hole_strokes, hole_putts, hole_fairways, hole_greens,
      hole_penalties
    ) is null
  ),
  constraint rounds_hole_putts_are_0_to_10_at_most_strokes_one_per_hole check (
    private.broken_hole_rule(
      '{putts}', holes, null, null, hole_strokes => hole_strokes, hole_putts => hole_putts
    ) is null
  ),
  constraint rounds_hole_fairways_only_on_par_4_or_more_one_per_hole check (
    private.broken_hole_rule('{fairways}', holes, hole_pars, null, hole_fairways => hole_fairways)
      is null
  ),
  constraint rounds_hole_greens_are_one_per_hole check (
    private.broken_hole_rule('{greens}', holes, null, null, hole_greens => hole_greens) is null
  ),
  constraint rounds_hole_penalties_are_0_to_10_below_strokes_one_per_hole check (
    private.broken_hole_rule(
      '{penalties}', holes, null, null, hole_strokes => hole_strokes,
      hole_penalties => hole_penalties
    ) is null
  ),
  -- The game's bounds, each in private.broken_game_rule (17_games.sql), the one place
  -- they are written: the backstop of private.check_game below, which refuses the same in words.
  constraint rounds_game_only_on_a_round_scored_hole_by_hole check (
    private.broken_game_rule('{scored}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_format_is_stroke_stableford_or_match check (
    private.broken_game_rule('{format}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_has_only_its_fields_and_at_most_16_kb check (
    private.broken_game_rule('{shape}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_allowance_is_0_to_100 check (
    private.broken_game_rule('{allowance}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_playing_handicaps_are_whole_minus_100_to_200 check (
    private.broken_game_rule('{handicaps}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_has_1_to_3_partners_1_in_match_play check (
    private.broken_game_rule('{partners}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_partner_names_are_1_to_60_trimmed_characters check (
    private.broken_game_rule('{names}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_partner_indexes_are_minus_10_to_54_in_tenths check (
    private.broken_game_rule('{indexes}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_partners_have_a_tee check (
    private.broken_game_rule('{tees}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_partner_hole_strokes_are_1_to_20_one_per_hole check (
    private.broken_game_rule('{strokes}', game, holes, hole_strokes) is null
  ),
  constraint rounds_game_side_games_are_playable_on_the_card check (
    private.broken_game_rule('{side_games}', game, holes, hole_strokes) is null
  ),
  -- The holes the golfer picked up, in private.broken_pick_up_rule (17_games.sql).
  constraint rounds_game_picked_up_holes_are_the_rounds_each_once check (
    private.broken_pick_up_rule(
      '{picked_up_holes}', game, holes, nine, hole_pars, stroke_indexes, hole_strokes
    ) is null
  ),
  constraint rounds_game_picked_up_holes_score_net_double_bogey check (
    private.broken_pick_up_rule(
      '{picked_up_scores}', game, holes, nine, hole_pars, stroke_indexes, hole_strokes
    ) is null
  )
);

comment on table public.rounds is
  'Rounds played, each from one tee. course_name, tee_name, course_rating, slope_rating, par, holes, hole_pars and stroke_indexes are copies set by the database from the golfer''s own tee when the round is added or moved (a nine from an 18-hole tee keeps its typed rating and slope); editing the course or tee later leaves them as they were.';

comment on column public.rounds.hole_strokes is
  'Strokes per hole, in hole order, for a round scored hole by hole (null for a round entered as a total); score is their sum (the gross score).';

comment on column public.rounds.game is
  'The game the round was played in, or null: format, allowance_percent, the golfer''s playing_handicap and strokes_received, 1–3 partners (name, index, tee_id, tee_name, playing_handicap, strokes_received, hole_strokes), and picked_up: the hole numbers the golfer picked up (absent: none). The golfer''s own strokes are hole_strokes (net double bogey on a hole picked up).';

create index rounds_user_id_idx on public.rounds (user_id);
create index rounds_course_id_idx on public.rounds (course_id);
create index rounds_tee_id_idx on public.rounds (tee_id);
-- The app lists rounds newest first by the day played, then by id (the order in which rounds of
-- one day were added); the same order decides ties between counting rounds.
create index rounds_user_id_played_on_id_idx on public.rounds (user_id, played_on desc, id desc);

-- True only inside public.undo_deletion, which sets the flag for its own transaction. An API
-- request cannot set it: PostgREST sets only request.* settings and exposes no function that sets
-- others (set_config lives in pg_catalog, which is not an exposed schema); a SQL session that can
-- is one with database credentials, trusted already.
create function private.is_undoing_a_deletion() returns boolean
  language sql stable set search_path = ''
as $$
  select coalesce(current_setting('hcpfast.undoing_deletion', true), '') = 'on';
$$;

-- A round is played from one tee and keeps copies of it: the course's name and the
-- tee's name, rating, slope, par, holes, hole pars and stroke indexes. The tee decides 9 or 18
-- holes. A nine played from an 18-hole tee is a round with `nine` 'front' or 'back': it has 9
-- holes, the 9-hole course rating and slope the golfer typed (kept as sent: no tee holds them, and
-- the checks hold them to a nine's bounds), and the nine's hole pars and stroke indexes taken from
-- the tee (holes 1–9 or 10–18; par their sum), when the tee has them. `nine` on a 9-hole tee is
-- refused: that tee is the nine.
create function private.round_from_tee(round public.rounds, tee public.tees, course_name text)
  returns public.rounds
  language plpgsql stable set search_path = ''
as $$
declare
  first_hole integer;
begin
  round.course_id := tee.course_id;
  round.course_name := course_name;
  round.tee_name := tee.name;
  if round.nine is null then
    round.holes := tee.holes;
    round.course_rating := tee.course_rating;
    round.slope_rating := tee.slope_rating;
    round.par := tee.par;
    round.hole_pars := tee.hole_pars;
    round.stroke_indexes := tee.stroke_indexes;
    return round;
  end if;
  if tee.holes = 9 then
    raise exception using
      errcode = 'check_violation',
      message = 'front or back nine is only for an 18-hole tee: a 9-hole tee is played as it is';
  end if;
  if round.course_rating is null or round.slope_rating is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'a nine from an 18-hole tee needs its 9-hole course rating and slope rating';
  end if;
  first_hole := case round.nine when 'back' then 10 else 1 end;
  round.holes := 9;
  round.hole_pars := tee.hole_pars[first_hole:first_hole + 8];
  round.stroke_indexes := tee.stroke_indexes[first_hole:first_hole + 8];
  round.par := private.sum_of(round.hole_pars);
  return round;
end;
$$;

-- The tee a round is played from: the given tee, else its course's first (earliest created).
-- Plain arguments, not a rounds row (PostgREST would offer a function of one row as a computed
-- column of rounds). It runs as its owner so it can see the tee whatever the caller's policies say, and then checks
-- ownership itself: the tee (or course) must belong to the round's golfer, who must be the caller
-- when there is one. One that does not exist and someone else's give the same error, so the error
-- reveals nothing about other golfers' ids. insufficient_privilege (42501) is what an RLS refusal
-- raises, and PostgREST answers it with 403 (401 for anon), the same as a forged user_id. A tee
-- given with a course that is not its own is refused the same way.
create function private.tee_of_round(tee_id text, course_id text, golfer uuid)
  returns public.tees
  language plpgsql stable security definer set search_path = ''
as $$
declare
  tee public.tees;
begin
  if tee_of_round.tee_id is not null then
    select t.* into tee
      from public.tees as t
      where t.id = tee_of_round.tee_id
        and t.user_id = golfer
        and t.user_id = coalesce(auth.uid(), golfer)
        and t.course_id = coalesce(tee_of_round.course_id, t.course_id);
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'a round can only be played from one of your own tees';
    end if;
  else
    -- A tee's owner is its course's (private.check_tee_course).
    select t.* into tee
      from private.first_tee_of(tee_of_round.course_id) as t
      where t.user_id = golfer
        and t.user_id = coalesce(auth.uid(), golfer);
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = 'a round can only be added on one of your own courses';
    end if;
  end if;
  return tee;
end;
$$;

-- Makes the database the authority for a new round's copies: a round sent as before, with only
-- course_id, is played from that course's first tee; with tee_id, from that tee. An undone round
-- goes back exactly as it was: with the copies it had (the tee may have been edited since, or
-- deleted). An edit's copies are copy_course_into_edited_round's. The first step of
-- private.before_round_written: `was` is the row before an edit (null for an insert).
create function private.copy_course_into_round(round public.rounds, was public.rounds)
  returns public.rounds
  language plpgsql security definer set search_path = ''
as $$
declare
  tee public.tees;
begin
  if was.id is not null then
    return private.copy_course_into_edited_round(round, was);
  end if;
  if private.is_undoing_a_deletion() then
    return round;
  end if;

  if round.course_id is null and round.tee_id is null then
    raise exception using
      errcode = 'not_null_violation',
      message = 'a new round needs a course',
      detail = 'course_id is null.';
  end if;

  tee := private.tee_of_round(round.tee_id, round.course_id, round.user_id);
  round.tee_id := tee.id;
  return private.round_from_tee(
    round, tee, (select c.name from public.courses as c where c.id = tee.course_id)
  );
end;
$$;

-- Rounds are editable: score, day played, course, tee, and a nine's side and typed rating and
-- slope. The copies stay the database's: a new tee re-copies that tee; a new course without a new
-- tee re-copies the course's first tee; a changed side, or a changed typed rating or slope of a
-- nine from an 18-hole tee, re-copies the round's own tee (which must still exist). Otherwise the
-- copies are kept as they were whatever the update sends, the same way the insert trigger
-- overwrites forged copies. The id, the owner and the creation time never change. course_id and
-- tee_id may become null: that is the foreign keys' "on delete set null". Undo of a deleted course
-- or tee re-links its rounds without re-copying (they keep the copies they were added with); only
-- public.undo_deletion does that, behind a transaction-local setting. A round's holes
-- are editable too (check_hole_scores checks them against the copies settled here). The update
-- step of copy_course_into_round: `edited` is the row as the update sends it, `was` as it was.
create function private.copy_course_into_edited_round(edited public.rounds, was public.rounds)
  returns public.rounds
  language plpgsql set search_path = ''
as $$
declare
  tee public.tees;
  retee boolean;
begin
  if (edited.id, edited.user_id, edited.created_at)
    is distinct from (was.id, was.user_id, was.created_at)
  then
    raise exception using
      errcode = 'check_violation',
      message = 'a round''s id, owner and creation time cannot change';
  end if;

  -- A round scored hole by hole was played on its tee's holes: it stays there, and its
  -- score follows its strokes. An edit without holes (an older app's, or one of the day played)
  -- keeps them; a new score without new strokes is a total typed over a card, refused.
  if was.hole_strokes is not null and not private.is_undoing_a_deletion() then
    if edited.score is distinct from was.score
      and coalesce(edited.hole_strokes = was.hole_strokes, true)
    then
      raise exception using
        errcode = 'check_violation',
        message = 'this round was scored hole by hole: correct its holes, and the score follows';
    end if;
    if edited.hole_strokes is null then
      select was.hole_strokes, was.hole_putts, was.hole_fairways, was.hole_greens, was.hole_penalties
      into edited.hole_strokes, edited.hole_putts, edited.hole_fairways, edited.hole_greens,
        edited.hole_penalties;
    end if;
    if (edited.tee_id is not null and edited.tee_id is distinct from was.tee_id)
      or (edited.course_id is not null and edited.course_id is distinct from was.course_id)
      or edited.nine is distinct from was.nine
    then
      raise exception using
        errcode = 'check_violation',
        message = 'this round was scored hole by hole on its tee: it can''t be moved to another '
          || 'tee, course or nine';
    end if;
  end if;

  retee := (edited.tee_id is not null and edited.tee_id is distinct from was.tee_id)
    or (edited.course_id is not null and edited.course_id is distinct from was.course_id)
    or (not private.is_undoing_a_deletion() and edited.nine is distinct from was.nine)
    or (
      not private.is_undoing_a_deletion()
      and edited.nine is not null
      and (edited.course_rating, edited.slope_rating)
        is distinct from (was.course_rating, was.slope_rating)
    );

  if retee then
    if edited.tee_id is not distinct from was.tee_id
      and edited.course_id is distinct from was.course_id then
      -- Moved onto another course: played from its first tee.
      edited.tee_id := null;
    end if;
    if edited.tee_id is null and edited.course_id is null then
      raise exception using
        errcode = 'not_null_violation',
        message = 'this round''s tee was deleted: pick a tee',
        detail = 'tee_id is null.';
    end if;
    begin
      tee := private.tee_of_round(edited.tee_id, edited.course_id, edited.user_id);
    exception when insufficient_privilege then
      raise exception using
        errcode = 'insufficient_privilege',
        message = case when edited.tee_id is null
          then 'a round can only be moved onto one of your own courses'
          else 'a round can only be played from one of your own tees' end;
    end;
    if not private.is_undoing_a_deletion() then
      edited.tee_id := tee.id;
      return private.round_from_tee(
        edited, tee, (select c.name from public.courses as c where c.id = tee.course_id)
      );
    end if;
  end if;

  select
    was.course_name, was.course_rating, was.slope_rating, was.tee_name, was.holes, was.par,
    was.hole_pars, was.stroke_indexes, was.nine
  into
    edited.course_name, edited.course_rating, edited.slope_rating, edited.tee_name, edited.holes,
    edited.par, edited.hole_pars, edited.stroke_indexes, edited.nine;
  return edited;
end;
$$;

-- A round scored hole by hole, checked against the holes it was played on: the checks
-- on the table hold the same rules, but their refusal names a constraint; this one says what is
-- wrong in the golfer's words, with the hole number, as a check_violation (PostgREST: 400). The
-- last step of private.check_game, so it sees the copies.
create function private.check_hole_scores(round public.rounds) returns public.rounds
  language plpgsql set search_path = ''
as $$
declare
  problem text := private.broken_hole_rule(
    null, round.holes, round.hole_pars, round.stroke_indexes, round.score, round.hole_strokes,
    round.hole_putts, round.hole_fairways, round.hole_greens, round.hole_penalties
  );
begin
  if problem is not null then
    raise exception using errcode = 'check_violation', message = problem;
  end if;
  return round;
end;
$$;

-- A round's game, checked when it is added or changed: every rule of private.broken_game_rule and
-- private.broken_pick_up_rule in the golfer's words first (check_violation, PostgREST: 400), then
-- each partner's tee, which must be one of the golfer's own tees of the round's course (another
-- golfer's tee and an unknown one give the same error, 42501, as the round's own tee does). Its
-- name is copied from the tee, as the round's tee_name is. Undo puts a game back as it was (its
-- partners' tees may have been deleted since), and an edit that leaves the game as it was does not
-- check its tees again. Then the holes (private.check_hole_scores). A step of
-- private.before_round_written: `was` is the row before an edit (null for an insert).
create function private.check_game(round public.rounds, was public.rounds)
  returns public.rounds
  language plpgsql security definer set search_path = ''
as $$
declare
  problem text;
  partner record;
  partners jsonb := '[]';
  tee_name text;
  kept boolean := was.id is not null and round.game is not distinct from was.game;
  first_hole integer := case round.nine when 'back' then 10 else 1 end;
begin
  -- Holes corrected in an edit that keeps the game: a hole picked up and now scored otherwise was
  -- played out after all, so it is no longer picked up.
  if kept and round.hole_strokes is distinct from was.hole_strokes
    and jsonb_typeof(round.game -> 'picked_up') = 'array'
  then
    round.game := jsonb_set(round.game, '{picked_up}', coalesce((
      select jsonb_agg(p.value order by p.place)
      from jsonb_array_elements(round.game -> 'picked_up') with ordinality as p (value, place)
      where case
        when private.is_number_between(p.value, first_hole, first_hole + round.holes - 1) then
          round.hole_strokes[p.value::integer - first_hole + 1]
            is not distinct from was.hole_strokes[p.value::integer - first_hole + 1]
        else true
      end
    ), '[]'));
  end if;
  problem := coalesce(
    private.broken_game_rule(null, round.game, round.holes, round.hole_strokes),
    private.broken_pick_up_rule(
      null, round.game, round.holes, round.nine, round.hole_pars, round.stroke_indexes,
      round.hole_strokes
    )
  );
  if problem is not null then
    raise exception using errcode = 'check_violation', message = problem;
  end if;
  if round.game is null or private.is_undoing_a_deletion() or kept then
    return private.check_hole_scores(round);
  end if;
  for partner in
    select p.value, p.place
    from jsonb_array_elements(round.game -> 'partners') with ordinality as p (value, place)
    order by p.place
  loop
    select t.name into tee_name
      from public.tees as t
      where t.id = partner.value ->> 'tee_id'
        and t.course_id = round.course_id
        and t.user_id = round.user_id
        and t.user_id = coalesce(auth.uid(), round.user_id);
    if not found then
      -- A tee of the golfer's deleted on another device while the card was played offline: the
      -- partner played it, and refusing would lose the golfer's own round, so it is kept under
      -- the name it had (the deletion keeps the tee for Undo, a day).
      select d.record ->> 'name' into tee_name
        from public.deletions as d
        where d.table_name = 'tees'
          and d.record_id = partner.value ->> 'tee_id'
          and d.record ->> 'course_id' = round.course_id
          and d.user_id = round.user_id
          and d.user_id = coalesce(auth.uid(), round.user_id);
    end if;
    if not found then
      raise exception using
        errcode = 'insufficient_privilege',
        message = format(
          'partner %s: the tee must be one of your tees of this round''s course', partner.place
        );
    end if;
    partners := partners || jsonb_build_array(
      partner.value || jsonb_build_object('tee_name', tee_name)
    );
  end loop;
  round.game := jsonb_set(round.game, '{partners}', partners);
  return private.check_hole_scores(round);
end;
$$;

-- A round's insert or edit, in this order: private.copy_course_into_round settles its copies
-- first, then private.check_game checks the game and the holes, because it checks them against
-- the course and holes those copies hold.
create function private.before_round_written() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  new := private.copy_course_into_round(new, old);
  return private.check_game(new, old);
end;
$$;

create trigger before_round_written
  before insert or update on public.rounds
  for each row execute function private.before_round_written();

-- Row-level security: each golfer sees, adds, edits and deletes only their own rounds, and cannot
-- hand a round to someone else.
alter table public.rounds enable row level security;

create policy "Golfers can read their own rounds"
  on public.rounds for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can add rounds for themselves"
  on public.rounds for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Golfers can delete their own rounds"
  on public.rounds for delete
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can update their own rounds"
  on public.rounds for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Updates only of what a golfer edits (the holes' scores included): the copies follow the tee (a
-- nine's typed rating and slope excepted), and id, owner and creation time are fixed (the trigger
-- refuses them for service_role too).
revoke all on table public.rounds from anon, authenticated;
grant select, insert, delete on table public.rounds to authenticated;
grant update (
  course_id, score, played_on, tee_id, nine, course_rating, slope_rating, hole_strokes, hole_putts,
  hole_fairways, hole_greens, hole_penalties, game
) on table public.rounds to authenticated;
grant all on table public.rounds to service_role;

-- Realtime, as for courses (deletes go through public.deletions).
alter publication supabase_realtime add table public.rounds;
