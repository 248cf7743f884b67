-- The walk as the database keeps it: private.walked_rounds (per round) and
-- private.golfer_handicaps (per golfer), rewritten for a golfer by private.rewalk in the same
-- transaction as any write that changes what the walk reads (statement triggers on rounds, the
-- settings' row trigger, import_rounds once at its end). So a read costs the rows it returns,
-- with or without the planner's statistics, and each write pays its golfer's walk once, from the
-- earliest day it touches on (private.walk_start resumes the walk from the kept rows before that
-- day; the figures: BENCHMARKS.md).

-- One row per round: the walk's (private.walked_round) and counts_for_index, whether it is among
-- the lowest the spec's index averages. Each golfer reads their own rows (the views are
-- security_invoker).
create table private.walked_rounds (
  like private.walked_round,
  counts_for_index boolean not null,
  primary key (round_id)
);

alter table private.walked_rounds
  alter column user_id set not null,
  alter column played_on set not null;

comment on table private.walked_rounds is
  'The handicap walk of every round (private.walked_round), kept by private.rewalk on every write to rounds and handicap_settings; counts_for_index: among the lowest differentials the spec''s index averages. Read by the handicap views.';

create index walked_rounds_user_id_played_on_round_id_idx
  on private.walked_rounds (user_id, played_on, round_id);

-- A write's walk reads a few kept rows through these, never the whole record: the
-- last entries before a day, the lowest differentials of the entries (the spec's index and its
-- counting), the last nine before a day (nines only), and the rounds that count for the spec's
-- index now.
create index walked_rounds_entries_idx
  on private.walked_rounds (user_id, played_on, round_id)
  where round_id = entry_id;

create index walked_rounds_entries_by_differential_idx
  on private.walked_rounds (user_id, differential, played_on desc, entry_id desc)
  where round_id = entry_id;

create index walked_rounds_nines_idx
  on private.walked_rounds (user_id, played_on, round_id)
  where paired_with is not null or entry_id is null;

create index walked_rounds_counted_idx
  on private.walked_rounds (user_id)
  where counts_for_index;

alter table private.walked_rounds enable row level security;
create policy "Golfers can read their own walked rounds"
  on private.walked_rounds for select
  to authenticated
  using (user_id = (select auth.uid()));

-- One row per golfer the walk has seen: after their last round (record order), the spec's index
-- and the WHS estimate, low index and cap; the rounds, the entries and the waiting nines counted.
-- rounds 0: none (the row stays, so the next write has a row to lock).
create table private.golfer_handicaps (
  user_id uuid primary key references auth.users (id) on delete cascade,
  rounds integer not null default 0,
  rounds_count integer not null default 0,
  waiting_nines integer not null default 0,
  handicap_index numeric,
  whs_index numeric,
  low_index numeric,
  cap text
);

comment on table private.golfer_handicaps is
  'Per golfer, kept by private.rewalk: the rounds, the entries (rounds_count) and waiting nines, and after the last round the spec''s index (handicap_index) and the WHS estimate, low index and cap. Read by handicap_indexes, whs_indexes and course_handicaps.';

alter table private.golfer_handicaps enable row level security;
create policy "Golfers can read their own handicaps"
  on private.golfer_handicaps for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Golfers read their own rows (the views are security_invoker); only private.rewalk writes.
revoke all on table private.walked_rounds, private.golfer_handicaps
  from public, anon, authenticated, service_role;
grant select on table private.walked_rounds, private.golfer_handicaps
  to authenticated, service_role;

-- The kept rows before `day` that the rounds from `day` on can still change: those
-- of the golfer's last 20 entries (their adjusted differentials and counting), with the first
-- nine of each pair, and the last nine if it waits at that day (the next nine pairs with it:
-- it is a first nine whose pair is not among them, or has none), in record order.
create function private.kept_before(golfer uuid, day date) returns private.walked_round[]
  language plpgsql stable set search_path = ''
as $$
begin
  return (
    with entries as (
      select e.*
      from private.walked_rounds as e
      where e.user_id = golfer and e.played_on < day and e.round_id = e.entry_id
      order by e.played_on desc, e.round_id desc
      limit 20
    ),
    nine as (
      select n.*
      from private.walked_rounds as n
      where n.user_id = golfer
        and n.played_on < day
        and (n.paired_with is not null or n.entry_id is null)
      order by n.played_on desc, n.round_id desc
      limit 1
    ),
    kept as (
      select e.* from entries as e
      union all
      select f.* from private.walked_rounds as f join entries as e on f.round_id = e.paired_with
      union all
      select n.* from nine as n where n.entry_id is distinct from n.round_id
    )
    select coalesce(array_agg(
      (
        w.user_id, w.round_id, w.played_on, w.differential, w.adjusted_differential,
        w.exceptional_reduction, w.index_after, w.low_index, w.cap, w.counts, w.adjusted_score,
        w.course_handicap, w.entry_id, w.paired_with, w.spec_index_after, w.entry_score,
        w.entry_course_rating, w.entry_slope_rating, w.entry_par
      )::private.walked_round
      order by w.played_on, w.round_id
    ), '{}')
    from kept as w
  );
end;
$$;

-- The low index's queue as it stood after the golfer's last entry day before `day`
-- (`last_entry_day`, whose own estimate joins when the next entry comes): the end-of-day
-- estimates of the entry days before it, from the kept rows; the ones more than 365 days before
-- `day` could only leave again.
create function private.low_queue_before(golfer uuid, day date, last_entry_day date)
  returns private.whs_state
  language plpgsql stable set search_path = ''
as $$
declare
  state private.whs_state := row(
    null, null, null, '{}', '{}', '{}', null, null, null, null
  )::private.whs_state;
  closing record;
begin
  for closing in
    select distinct on (e.played_on) e.played_on, (10 * e.index_after)::integer as estimate
    from private.walked_rounds as e
    where e.user_id = golfer and e.round_id = e.entry_id
      and e.played_on >= day - 366 and e.played_on < last_entry_day
    order by e.played_on, e.round_id desc
  loop
    if closing.estimate is not null then
      state := private.low_queue_pushed(state, closing.played_on, closing.estimate);
    end if;
  end loop;
  state.entry_day := last_entry_day;
  return state;
end;
$$;

-- Where a write's walk starts: the walk as it stood at the end of the day before
-- `day`, rebuilt from the golfer's kept rows, which stay as they are. The rows the rounds from
-- `day` on can still change come back (private.kept_before) with their entries' values, keys
-- and indexes; of the entries before them only the lowest 8 differentials (the spec's index)
-- and the low index's queue matter. Keys count reductions from the first kept entry on: the
-- walk only ever compares or subtracts them.
create function private.walk_start(golfer uuid, day date) returns private.walk
  language plpgsql stable set search_path = ''
as $$
declare
  kept private.walked_round[] := private.kept_before(golfer, day);
  kept_row private.walked_round;
  r integer;
  spec_lowest integer[];
  entry_of integer[] := '{}';
  partners text[] := '{}';
  waiting public.rounds;
  waiting_at integer;
  entry_ids text[] := '{}';
  entry_scores integer[] := '{}';
  entry_ratings numeric[] := '{}';
  entry_slopes integer[] := '{}';
  entry_pars integer[] := '{}';
  diffs integer[] := '{}';
  reductions integer[] := '{}';
  reduced_before integer[] := '{}';
  keyed integer[] := '{}';
  latest integer[] := '{}';
  spec integer[] := '{}';
  estimates integer[] := '{}';
  lows integer[] := '{}';
  caps text[] := '{}';
  last_entry_day date;
  whs private.whs_state;
begin
  -- The entries before the day: the golfer's less those from the day on.
  r := (select g.rounds_count from private.golfer_handicaps as g where g.user_id = golfer) - (
    select count(*) from private.walked_rounds as e
    where e.user_id = golfer and e.played_on >= day and e.round_id = e.entry_id
  )::integer;
  spec_lowest := array(
    select (10 * e.differential)::integer
    from private.walked_rounds as e
    where e.user_id = golfer and e.round_id = e.entry_id and e.played_on < day
    order by e.differential
    limit 8
  );
  r := r - (select count(*) from unnest(kept) as k where k.round_id = k.entry_id)::integer;
  reduced_before[r + 1] := 0;
  for j in 1 .. cardinality(kept) loop
    kept_row := kept[j];
    partners[j] := kept_row.paired_with;
    continue when kept_row.round_id is distinct from kept_row.entry_id;
    r := r + 1;
    entry_of[j] := r;
    entry_ids[r] := kept_row.entry_id;
    entry_scores[r] := kept_row.entry_score;
    entry_ratings[r] := kept_row.entry_course_rating;
    entry_slopes[r] := kept_row.entry_slope_rating;
    entry_pars[r] := kept_row.entry_par;
    diffs[r] := (10 * kept_row.differential)::integer;
    reductions[r] := kept_row.exceptional_reduction;
    reduced_before[r + 1] := reduced_before[r] + 10 * kept_row.exceptional_reduction;
    keyed[r] := diffs[r] + reduced_before[r];
    latest := private.sorted_with(latest, keyed[r], null);
    spec[r] := (10 * kept_row.spec_index_after)::integer;
    estimates[r] := (10 * kept_row.index_after)::integer;
    lows[r] := (10 * kept_row.low_index)::integer;
    caps[r] := kept_row.cap;
    last_entry_day := kept_row.played_on;
  end loop;
  -- A first nine takes its pair's entry; the nine whose pair is not kept waits.
  for j in 1 .. cardinality(kept) loop
    kept_row := kept[j];
    continue when kept_row.round_id = kept_row.entry_id;
    entry_of[j] := case
      when kept_row.entry_id is not null then array_position(entry_ids, kept_row.entry_id)
    end;
    if entry_of[j] is null then
      select w.* into waiting from public.rounds as w where w.id = kept_row.round_id;
      waiting.score := kept_row.adjusted_score;
      waiting_at := j;
      partners[j] := null;
    end if;
  end loop;
  whs := private.low_queue_before(golfer, day, last_entry_day);
  whs.latest := latest;
  return row(
    kept, '{}', '{}', '{}', entry_of, '{}', partners, waiting, waiting_at, r, entry_ids,
    entry_scores, entry_ratings, entry_slopes, entry_pars, diffs, reductions, reduced_before,
    keyed, spec, spec_lowest, estimates, lows, caps, whs
  )::private.walk;
end;
$$;

-- Writes the walk of one golfer (private.rewalk), from `since` on: the walk's rows (the rounds
-- walked and the kept rows it resumed with), each with counts_for_index as the walk decides it
-- (private.walk_counted), the kept rows from `since` on that it no longer has (rounds deleted or
-- moved), and the golfer's row. Only rows that changed are written; the counts before `since`
-- stand, and at most one nine waits, among the walk's rows.
create function private.kept_walk_written(golfer uuid, since date, walk private.walk)
  returns void
  language plpgsql set search_path = ''
as $$
declare
  counted text[] := private.walk_counted(walk);
begin
  with walked as materialized (
    select w.* from private.walk_rows(walk) as w
  ),
  was as (
    select
      count(*)::integer as rounds,
      (count(*) filter (where k.round_id = k.entry_id))::integer as entries
    from private.walked_rounds as k
    where k.user_id = golfer and k.played_on >= since
  ),
  gone as (
    delete from private.walked_rounds as k
    where k.user_id = golfer
      and k.played_on >= since
      and not exists (select 1 from walked as w where w.round_id = k.round_id)
  ),
  kept as (
    insert into private.walked_rounds as k (
      user_id, round_id, played_on, differential, adjusted_differential, exceptional_reduction,
      index_after, low_index, cap, counts, adjusted_score, course_handicap, entry_id, paired_with,
      spec_index_after, entry_score, entry_course_rating, entry_slope_rating, entry_par,
      counts_for_index
    )
    select w.*, coalesce(w.entry_id = any (counted), false)
    from walked as w
    on conflict (round_id) do update set
      played_on = excluded.played_on,
      differential = excluded.differential,
      adjusted_differential = excluded.adjusted_differential,
      exceptional_reduction = excluded.exceptional_reduction,
      index_after = excluded.index_after,
      low_index = excluded.low_index,
      cap = excluded.cap,
      counts = excluded.counts,
      adjusted_score = excluded.adjusted_score,
      course_handicap = excluded.course_handicap,
      entry_id = excluded.entry_id,
      paired_with = excluded.paired_with,
      spec_index_after = excluded.spec_index_after,
      entry_score = excluded.entry_score,
      entry_course_rating = excluded.entry_course_rating,
      entry_slope_rating = excluded.entry_slope_rating,
      entry_par = excluded.entry_par,
      counts_for_index = excluded.counts_for_index
    where k is distinct from excluded
  )
  update private.golfer_handicaps as g
  set
    rounds = g.rounds - was.rounds + t.rounds,
    rounds_count = g.rounds_count - was.entries + t.entries,
    waiting_nines = t.waiting_nines,
    handicap_index = l.spec_index_after,
    whs_index = l.index_after,
    low_index = l.low_index,
    cap = l.cap
  from was
  cross join (
    select
      (count(*) filter (where w.played_on >= since))::integer as rounds,
      (count(*) filter (where w.played_on >= since and w.round_id = w.entry_id))::integer
        as entries,
      (count(*) filter (where w.entry_id is null))::integer as waiting_nines
    from walked as w
  ) as t
  left join (
    select w.spec_index_after, w.index_after, w.low_index, w.cap
    from walked as w
    order by w.played_on desc, w.round_id desc
    limit 1
  ) as l on true
  where g.user_id = golfer;
end;
$$;

-- Whether each of the golfer's rounds is among the lowest differentials the spec's index
-- averages (counts_for_index), over every entry, kept or walked: on a tie at the cut-off the
-- entry listed first in the app (played_on desc, id desc: the more recent) counts; both nines
-- of a pair as their entry. The walk has decided its own rows (private.kept_walk_written), so
-- this writes only rows before it whose answer changed (`counted`: the rounds that count now).
create function private.counted_for_index(golfer uuid) returns void
  language plpgsql set search_path = ''
as $$
declare
  counted text[];
begin
  select coalesce(array_agg(x.id) filter (where x.id is not null), '{}')
  into counted
  from (
    select e.entry_id, e.paired_with
    from private.walked_rounds as e
    where e.user_id = golfer and e.round_id = e.entry_id
    order by e.differential, e.played_on desc, e.entry_id desc
    limit coalesce((
      select (private.differentials_used(g.rounds_count)).counted
      from private.golfer_handicaps as g
      where g.user_id = golfer
    ), 0)
  ) as lowest
  cross join lateral unnest(array[lowest.entry_id, lowest.paired_with]) as x (id);
  update private.walked_rounds as k
  set counts_for_index = false
  where k.user_id = golfer and k.counts_for_index and k.round_id <> all (counted);
  update private.walked_rounds as k
  set counts_for_index = true
  where k.round_id = any (counted) and not k.counts_for_index;
end;
$$;

-- Rewrites the kept walk of the given golfers from their rounds and settings as they are now,
-- each from its day in `days` on (the rows before the earliest day a write touches
-- stay as they are, and the walk resumes there, private.walk_start; null: from the first
-- round). Each golfer's row is locked first, so two transactions writing one golfer's record
-- take turns and the second walks what the first committed. A golfer whose account is gone
-- gets no row. Only the triggers (and private.rewalk_own_record) call it. Its statements (and
-- those of the functions it calls) are planned for each golfer and day: a plan cached for a
-- short record would read a long one whole.
create function private.rewalk(golfers uuid[], days date[]) returns void
  language plpgsql security definer set search_path = ''
  set plan_cache_mode = force_custom_plan
as $$
declare
  golfer uuid;
  since date;
  settings record;
  walk private.walk;
begin
  if coalesce(cardinality(golfers), 0) = 0 then
    return;
  end if;
  insert into private.golfer_handicaps (user_id)
    select u.id from auth.users as u where u.id = any (golfers) order by u.id
    on conflict (user_id) do nothing;
  perform 1 from private.golfer_handicaps as g
    where g.user_id = any (golfers)
    order by g.user_id
    for update;
  for at in 1 .. cardinality(golfers) loop
    golfer := golfers[at];
    since := coalesce(days[at], '-infinity');
    continue when not exists (select 1 from private.golfer_handicaps as g where g.user_id = golfer);
    select s.course_handicap_source as source, s.starting_index
    into settings
    from public.handicap_settings as s
    where s.user_id = golfer;
    walk := private.walk_steps(
      case when since > '-infinity' then private.walk_start(golfer, since) end,
      array(
        select r from public.rounds as r
        where r.user_id = golfer and r.played_on >= since
        order by r.played_on, r.id
      ),
      coalesce(settings.source, 'spec'),
      settings.starting_index
    );
    perform private.kept_walk_written(golfer, since, walk);
    perform private.counted_for_index(golfer);
  end loop;
end;
$$;

comment on function private.rewalk(uuid[], date[]) is
  'Rewrites private.walked_rounds and private.golfer_handicaps for the given golfers from their rounds and handicap_settings, each from its day in days on (null: from the first round), each golfer''s row locked first; writes only the rows that changed. For the triggers only.';

-- The caller's own record walked again from its first round: public.import_rounds runs as the
-- golfer and walks once at its end; no golfer can walk another's record.
create function private.rewalk_own_record() returns void
  language plpgsql security definer set search_path = ''
as $$
begin
  perform private.rewalk(array[auth.uid()], null);
end;
$$;

-- True only inside public.import_rounds, which walks the golfer once at its end instead of after
-- each of its inserts (a card is inserted row by row). As for undo (20_rounds.sql), an API
-- request cannot set the flag.
create function private.is_walk_deferred() returns boolean
  language sql stable set search_path = ''
as $$
  select coalesce(current_setting('hcpfast.walk_deferred', true), '') = 'on';
$$;

-- After each statement that writes rounds: the golfers whose walk it changes walked again, each
-- from the earliest day the statement touches (a moved round's old day or new day, whichever is
-- first). An update that leaves what the walk reads as it was (a course or tee deleted, or undone:
-- only course_id and tee_id change) walks nobody. A change of handicap settings walks its golfer
-- from the first round (private.after_handicap_setting_changed, 70_handicap_settings.sql).
create function private.rewalk_written_golfers() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  golfers uuid[];
  days date[];
begin
  if private.is_walk_deferred() then
    return null;
  end if;
  if tg_op = 'INSERT' then
    select array_agg(c.user_id order by c.user_id), array_agg(c.day order by c.user_id)
    into golfers, days
    from (select n.user_id, min(n.played_on) as day from new_rows as n group by n.user_id) as c;
  elsif tg_op = 'DELETE' then
    select array_agg(c.user_id order by c.user_id), array_agg(c.day order by c.user_id)
    into golfers, days
    from (select o.user_id, min(o.played_on) as day from old_rows as o group by o.user_id) as c;
  else
    select array_agg(c.user_id order by c.user_id), array_agg(c.day order by c.user_id)
    into golfers, days
    from (
      select t.user_id, min(t.day) as day
      from new_rows as n
      join old_rows as o on o.id = n.id
      cross join lateral (
        values (n.user_id, least(n.played_on, o.played_on)), (o.user_id, o.played_on)
      ) as t (user_id, day)
      where (
        n.user_id, n.played_on, n.score, n.holes, n.course_rating, n.slope_rating, n.par,
        n.hole_pars, n.stroke_indexes, n.hole_strokes
      ) is distinct from (
        o.user_id, o.played_on, o.score, o.holes, o.course_rating, o.slope_rating, o.par,
        o.hole_pars, o.stroke_indexes, o.hole_strokes
      )
      group by t.user_id
    ) as c;
  end if;
  perform private.rewalk(golfers, days);
  return null;
end;
$$;

-- Statement-level (one walk per golfer per statement, however many rows), and enabled always:
-- a write under session_replication_role = replica (a bulk load, a replica) keeps the walk too.
create trigger rewalk_after_insert
  after insert on public.rounds
  referencing new table as new_rows
  for each statement execute function private.rewalk_written_golfers();

create trigger rewalk_after_update
  after update on public.rounds
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.rewalk_written_golfers();

create trigger rewalk_after_delete
  after delete on public.rounds
  referencing old table as old_rows
  for each statement execute function private.rewalk_written_golfers();

alter table public.rounds enable always trigger rewalk_after_insert;
alter table public.rounds enable always trigger rewalk_after_update;
alter table public.rounds enable always trigger rewalk_after_delete;

-- The views read the kept walk; the walk itself is for private.rewalk (and whs_records, which
-- walks what the caller can read). Writing the kept walk is for the triggers alone, so
-- its functions are granted to no one: a golfer may walk again only their own record
-- (private.rewalk_own_record, for the import).
grant execute on function private.rewalk_own_record() to authenticated;

-- The walk's deferral flag is read by the import too, as the golfer.
grant execute on function private.is_walk_deferred() to authenticated, service_role;
