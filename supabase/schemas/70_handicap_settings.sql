-- Which index a golfer's course handicaps use: the spec's (the default) or the WHS estimate. A row
-- of its own per golfer, so every device shows the same choice and realtime carries a change.
create table public.handicap_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  course_handicap_source text not null default 'spec',
  updated_at timestamptz not null default now(),
  -- The index the golfer's federation gave them, null when none: the index in effect
  -- until HCPFast has one of its own. After updated_at because a migration added it.
  starting_index numeric,
  constraint handicap_settings_course_handicap_source_is_spec_or_whs check (
    course_handicap_source in ('spec', 'whs')
  ),
  constraint handicap_settings_starting_index_is_minus_10_to_54_in_tenths check (
    starting_index between -10.0 and 54.0 and starting_index = round(starting_index, 1)
  )
);

comment on table public.handicap_settings is
  'Per golfer: which index drives course handicaps, the spec''s (spec) or the WHS estimate (whs), and the starting index from their federation. No row means spec and no starting index.';

comment on column public.handicap_settings.starting_index is
  'The index from the golfer''s federation (-10.0 to 54.0 in tenths; negative is a plus index), used until HCPFast has 3 rounds; null when none.';

-- updated_at is the server's clock on every change, whatever the client sent.
create function private.touch_handicap_settings() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger touch_handicap_settings
  before insert or update on public.handicap_settings
  for each row execute function private.touch_handicap_settings();

-- Row-level security: each golfer reads and changes only their own setting.
alter table public.handicap_settings enable row level security;

create policy "Golfers can read their own handicap settings"
  on public.handicap_settings for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Golfers can add their own handicap settings"
  on public.handicap_settings for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Golfers can update their own handicap settings"
  on public.handicap_settings for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Golfers can delete their own handicap settings"
  on public.handicap_settings for delete
  to authenticated
  using (user_id = (select auth.uid()));

revoke all on table public.handicap_settings from anon, authenticated;
grant select, insert, delete on table public.handicap_settings to authenticated;
grant update (course_handicap_source, starting_index) on table public.handicap_settings to authenticated;
grant all on table public.handicap_settings to service_role;

-- Realtime, so a choice made on one device shows on the others. The default replica identity, as
-- for every published table (see 20261123001100_deletions.sql): the primary key is the golfer's
-- id, so a DELETE still matches the app's user_id=eq.<id> filter and carries nothing else.
alter publication supabase_realtime add table public.handicap_settings;

-- A setting's after-row steps, in this order: the golfer's devices are told of the change
-- (private.send_golfer_change, 90_live_feed.sql), then a new choice or starting index, which
-- decide the golfer's walk, walks them again from their first round, as a write to their rounds
-- does (42_handicap_kept.sql). A row trigger: the table has one row a golfer. Enabled always, as
-- the rounds' walk is.
create function private.after_handicap_setting_changed() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  perform private.send_golfer_change(tg_op, tg_table_name, new, old);
  if not private.is_walk_deferred() and (
    tg_op <> 'UPDATE' or (new.course_handicap_source, new.starting_index)
      is distinct from (old.course_handicap_source, old.starting_index)
  ) then
    perform private.rewalk(array[coalesce(new.user_id, old.user_id)], null);
  end if;
  return null;
end;
$$;

create trigger after_handicap_setting_changed
  after insert or update or delete on public.handicap_settings
  for each row execute function private.after_handicap_setting_changed();

alter table public.handicap_settings enable always trigger after_handicap_setting_changed;

-- Here rather than in 43_handicap_views.sql: it reads the golfer's choice above.
-- Course handicap per tee (WHS Rule 6.1, private.course_handicap: on a 9-hole tee the index
-- halved to a tenth first) from the index the golfer chose for course handicaps (handicap_settings:
-- the spec's, the default, or the WHS estimate), or their starting index until they have that one
-- (handicap_index stays their own, null then). One row per tee: a course's first tee has
-- the course's values, so its row is the course's handicap as before.
create view public.course_handicaps
  with (security_invoker = on)
as
select
  t.user_id,
  t.course_id,
  private.course_handicap(
    (coalesce(chosen.handicap_index, s.starting_index) * 10)::integer, t.course_rating,
    t.slope_rating, t.par, t.holes
  ) as course_handicap,
  t.id as tee_id,
  t.holes,
  chosen.source as handicap_source,
  chosen.handicap_index
from public.tees as t
left join public.handicap_settings as s on s.user_id = t.user_id
left join private.golfer_handicaps as l on l.user_id = t.user_id
cross join lateral (
  select
    coalesce(s.course_handicap_source, 'spec') as source,
    case coalesce(s.course_handicap_source, 'spec')
      when 'whs' then l.whs_index
      else l.handicap_index
    end as handicap_index
) as chosen;

comment on view public.course_handicaps is
  'Course handicap per tee for its golfer''s index (handicap_settings: the spec''s or the WHS estimate; until they have it, their starting index; on a 9-hole tee the index halved to a tenth first); null without an index or without par.';

revoke all on table public.course_handicaps from public, anon, authenticated, service_role;
grant select on table public.course_handicaps to authenticated, service_role;
