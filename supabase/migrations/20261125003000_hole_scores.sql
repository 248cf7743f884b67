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

-- The scorecard's checks on public.rounds (issue 23): a list with one value per hole (one
-- dimension, numbered from 1); no recorded value outside low–high; at each hole, the value at most
-- (or below) the limit there; a value recorded only on a hole of par 4 or more. A null element is a
-- value not recorded, and passes.
create function public.is_one_per_hole(list anyarray, holes integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select array_ndims(list) = 1 and array_lower(list, 1) = 1 and cardinality(list) = holes;
$$;

create function public.each_between(list integer[], low integer, high integer) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (select 1 from unnest(list) as n where n not between low and high);
$$;

create function public.each_at_most(list integer[], limits integer[]) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (select 1 from unnest(list, limits) as h (n, most) where n > most);
$$;

create function public.each_below(list integer[], limits integer[]) returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (select 1 from unnest(list, limits) as h (n, most) where n >= most);
$$;

create function public.recorded_only_on_par_4_or_more(list boolean[], pars integer[])
  returns boolean
  language sql
  immutable
  set search_path = ''
as $$
  select not exists (
    select 1 from unnest(list, pars) as h (recorded, par)
    where recorded is not null and (par is null or par < 4)
  );
$$;

-- Each bound a constraint: the backstop of public.check_hole_scores, the trigger that refuses first
-- the same in the golfer's words.
alter table public.rounds
  add constraint rounds_hole_strokes_are_1_to_20_one_per_hole check (
    hole_strokes is null
    or (
      public.is_one_per_hole(hole_strokes, holes)
      and array_position(hole_strokes, null) is null
      and public.each_between(hole_strokes, 1, 20)
    )
  ),
  add constraint rounds_hole_strokes_need_hole_pars_and_stroke_indexes check (
    hole_strokes is null or (hole_pars is not null and stroke_indexes is not null)
  ),
  add constraint rounds_score_is_the_sum_of_hole_strokes check (
    hole_strokes is null or score = public.sum_of(hole_strokes)
  ),
  add constraint rounds_hole_details_need_hole_strokes check (
    hole_strokes is not null
    or (
      hole_putts is null and hole_fairways is null and hole_greens is null
      and hole_penalties is null
    )
  ),
  add constraint rounds_hole_putts_are_0_to_10_at_most_strokes_one_per_hole check (
    hole_putts is null
    or (
      public.is_one_per_hole(hole_putts, holes)
      and public.each_between(hole_putts, 0, 10)
      and public.each_at_most(hole_putts, hole_strokes)
    )
  ),
  add constraint rounds_hole_fairways_only_on_par_4_or_more_one_per_hole check (
    hole_fairways is null
    or (
      public.is_one_per_hole(hole_fairways, holes)
      and public.recorded_only_on_par_4_or_more(hole_fairways, hole_pars)
    )
  ),
  add constraint rounds_hole_greens_are_one_per_hole check (
    hole_greens is null or public.is_one_per_hole(hole_greens, holes)
  ),
  add constraint rounds_hole_penalties_are_0_to_10_below_strokes_one_per_hole check (
    hole_penalties is null
    or (
      public.is_one_per_hole(hole_penalties, holes)
      and public.each_between(hole_penalties, 0, 10)
      and public.each_below(hole_penalties, hole_strokes)
    )
  );

-- A round scored hole by hole stays on its tee, and its score follows its strokes.
create or replace function public.copy_course_into_edited_round() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  tee public.tees;
  retee boolean;
begin
  if (new.id, new.user_id, new.created_at) is distinct from (old.id, old.user_id, old.created_at)
  then
    raise exception using
      errcode = 'check_violation',
      message = 'a round''s id, owner and creation time cannot change';
  end if;

  -- A round scored hole by hole (issue 23) was played on its tee's holes: it stays there, and its
  -- score follows its strokes. An edit without holes (an older app's, or one of the day played)
  -- keeps them; a new score without new strokes is a total typed over a card, refused.
  if old.hole_strokes is not null and not public.is_undoing_a_deletion() then
    if new.score is distinct from old.score
      and coalesce(new.hole_strokes = old.hole_strokes, true)
    then
      raise exception using
        errcode = 'check_violation',
        message = 'this round was scored hole by hole: correct its holes, and the score follows';
    end if;
    if new.hole_strokes is null then
      select old.hole_strokes, old.hole_putts, old.hole_fairways, old.hole_greens, old.hole_penalties
      into new.hole_strokes, new.hole_putts, new.hole_fairways, new.hole_greens, new.hole_penalties;
    end if;
    if (new.tee_id is not null and new.tee_id is distinct from old.tee_id)
      or (new.course_id is not null and new.course_id is distinct from old.course_id)
      or new.nine is distinct from old.nine
    then
      raise exception using
        errcode = 'check_violation',
        message = 'this round was scored hole by hole on its tee: it can''t be moved to another '
          || 'tee, course or nine';
    end if;
  end if;

  retee := (new.tee_id is not null and new.tee_id is distinct from old.tee_id)
    or (new.course_id is not null and new.course_id is distinct from old.course_id)
    or (not public.is_undoing_a_deletion() and new.nine is distinct from old.nine)
    or (
      not public.is_undoing_a_deletion()
      and new.nine is not null
      and (new.course_rating, new.slope_rating) is distinct from (old.course_rating, old.slope_rating)
    );

  if retee then
    if new.tee_id is not distinct from old.tee_id
      and new.course_id is distinct from old.course_id then
      -- Moved onto another course: played from its first tee.
      new.tee_id := null;
    end if;
    if new.tee_id is null and new.course_id is null then
      raise exception using
        errcode = 'not_null_violation',
        message = 'this round''s tee was deleted: pick a tee',
        detail = 'tee_id is null.';
    end if;
    begin
      tee := public.tee_of_round(new.tee_id, new.course_id, new.user_id);
    exception when insufficient_privilege then
      raise exception using
        errcode = 'insufficient_privilege',
        message = case when new.tee_id is null
          then 'a round can only be moved onto one of your own courses'
          else 'a round can only be played from one of your own tees' end;
    end;
    if not public.is_undoing_a_deletion() then
      new.tee_id := tee.id;
      return public.round_from_tee(
        new, tee, (select c.name from public.courses as c where c.id = tee.course_id)
      );
    end if;
  end if;

  select
    old.course_name, old.course_rating, old.slope_rating, old.tee_name, old.holes, old.par,
    old.hole_pars, old.stroke_indexes, old.nine
  into
    new.course_name, new.course_rating, new.slope_rating, new.tee_name, new.holes, new.par,
    new.hole_pars, new.stroke_indexes, new.nine;
  return new;
end;
$$;

-- A round scored hole by hole (issue 23), checked against the holes it was played on: the checks
-- on the table hold the same rules, but their refusal names a constraint; this one says what is
-- wrong in the golfer's words, with the hole number, as a check_violation (PostgREST: 400). It
-- sees the copies: before-row triggers fire in name order, and hole_scores_fit_the_round sorts
-- after copy_course_into_round and copy_course_into_edited_round.
create function public.check_hole_scores() returns trigger
  language plpgsql
  set search_path = ''
as $$
declare
  hole integer;
  strokes integer;
  problem text;
  unfit text := 'need one value per hole: %s, not %s';
begin
  if new.hole_strokes is null then
    if num_nonnulls(new.hole_putts, new.hole_fairways, new.hole_greens, new.hole_penalties)
      > 0
    then
      problem := 'putts, fairways, greens and penalty strokes are kept only for a round scored '
        || 'hole by hole';
    end if;
  elsif new.hole_pars is null or new.stroke_indexes is null then
    problem := 'this tee has no hole pars and stroke indexes: add them to the tee to score hole by '
      || 'hole';
  elsif not public.is_one_per_hole(new.hole_strokes, new.holes) then
    problem := format(
      'the card has %s holes, but this round is played over %s',
      cardinality(new.hole_strokes), new.holes
    );
  elsif new.hole_putts is not null and not public.is_one_per_hole(new.hole_putts, new.holes)
  then
    problem := format('putts ' || unfit, new.holes, cardinality(new.hole_putts));
  elsif new.hole_fairways is not null
    and not public.is_one_per_hole(new.hole_fairways, new.holes)
  then
    problem := format('fairways hit ' || unfit, new.holes, cardinality(new.hole_fairways));
  elsif new.hole_greens is not null
    and not public.is_one_per_hole(new.hole_greens, new.holes)
  then
    problem := format(
      'greens in regulation ' || unfit, new.holes, cardinality(new.hole_greens)
    );
  elsif new.hole_penalties is not null
    and not public.is_one_per_hole(new.hole_penalties, new.holes)
  then
    problem := format('penalty strokes ' || unfit, new.holes, cardinality(new.hole_penalties));
  else
    for hole in 1..new.holes loop
      strokes := new.hole_strokes[hole];
      problem := case
        when strokes is null then format('hole %s: strokes are missing', hole)
        when strokes not between 1 and 20 then format('hole %s: strokes must be from 1 to 20', hole)
        when new.hole_putts[hole] not between 0 and 10 then
          format('hole %s: putts must be from 0 to 10', hole)
        when new.hole_putts[hole] > strokes then
          format('hole %s: putts can''t be more than strokes', hole)
        when new.hole_fairways[hole] is not null and new.hole_pars[hole] < 4 then
          format('hole %s: a par 3 has no fairway to hit', hole)
        when new.hole_penalties[hole] not between 0 and 10 then
          format('hole %s: penalty strokes must be from 0 to 10', hole)
        when new.hole_penalties[hole] >= strokes then
          format('hole %s: penalty strokes must be fewer than strokes', hole)
      end;
      exit when problem is not null;
    end loop;
    if problem is null and new.score is distinct from public.sum_of(new.hole_strokes) then
      problem := format(
        'the score (%s) must be the sum of the holes'' strokes (%s)',
        new.score, public.sum_of(new.hole_strokes)
      );
    end if;
  end if;

  if problem is not null then
    raise exception using errcode = 'check_violation', message = problem;
  end if;
  return new;
end;
$$;

create trigger hole_scores_fit_the_round
  before insert or update on public.rounds
  for each row execute function public.check_hole_scores();

grant update (hole_strokes, hole_putts, hole_fairways, hole_greens, hole_penalties)
  on table public.rounds to authenticated;
revoke all on function public.check_hole_scores() from public, anon, authenticated;
