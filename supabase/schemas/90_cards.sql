-- The shared card: one card for the group, scored from every player's phone. The first
-- data shared between golfers, so everything here is readable only by the card's golfers (its
-- starter and the golfers holding a place on it); a visitor and any other golfer see nothing.
--
--   cards          the round the group plays: day, holes, format, allowance, open or closed
--   card_players   up to 4 places: a golfer's (user_id), a typed player's (a name), or one kept for
--                  an invited golfer (invited, user_id null until they join with a code); each
--                  with its tee as played and its marker (by default the next place, wrapping)
--   card_entries   append-only scores for (player, hole); an entry may replace entries of its cell
--   card_cells     each cell's current entries (none later replaces them): agreed or disputed
--
-- The starter creates the card and its places with plain inserts (RLS, the outbox's usual path:
-- the card, then its places in one request); joining, signing and attesting are RPCs, the only
-- writers of a place once made. Membership is read through private.is_on_card (a definer helper
-- reading card_players by its unique (user_id, card_id) index), never through JWT claims.
--
-- Refusals name what is wrong in the golfer's words, with SQLSTATEs PostgREST answers with a 4xx:
-- 42501 (403) not yours to do, 23514 (400) a value the card lacks, PT409 (409) the card's state
-- forbids it now (signed, closed, disputed), PT404 (404) an invitation that does not work.

-- The card: what the group agreed on the first tee. The course's name is the card's; each
-- player's tee is on their place (tees may differ). Closed by its starter: then no entry, join or
-- invitation works, while signing and attesting still do.
create table public.cards (
  id text primary key,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  played_on date not null default current_date,
  course_name text not null,
  holes integer not null,
  format text not null,
  allowance_percent integer not null,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  side_games jsonb,
  constraint cards_id_is_a_ulid check (private.is_ulid(id)),
  constraint cards_course_name_is_1_to_100_characters check (
    char_length(course_name) between 1 and 100
  ),
  constraint cards_played_on_is_1900_to_tomorrow check (
    played_on >= date '1900-01-01' and played_on <= current_date + 1
  ),
  constraint cards_holes_is_9_or_18 check (holes in (9, 18)),
  constraint cards_format_is_stroke_stableford_or_match check (
    format in ('stroke', 'stableford', 'match')
  ),
  constraint cards_allowance_is_0_to_100 check (allowance_percent between 0 and 100),
  constraint cards_status_is_open_or_closed check (status in ('open', 'closed'))
);

comment on table public.cards is
  'A shared card: readable by its starter and the golfers holding a place on it; closed by its starter.';

comment on column public.cards.side_games is
  'The side games chosen on the first tee (rounds.game -> side_games''s shape, players by place: player_no - 1), or null for none; held by private.broken_side_games_rule.';

create index cards_created_by_idx on public.cards (created_by);

-- The card's side games against its holes, in the golfer's words; its players are not placed yet,
-- so here they need only fit some card of 2 to 4 (each added place is held to the real count).
create function private.check_card_side_games() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  problem text := private.broken_side_games_rule(new.side_games, 4, new.holes);
begin
  if problem is not null
    and private.broken_side_games_rule(new.side_games, 3, new.holes) is not null
    and private.broken_side_games_rule(new.side_games, 2, new.holes) is not null
  then
    raise exception using errcode = 'check_violation', message = problem;
  end if;
  return new;
end;
$$;

create trigger card_side_games_fit_the_card
  before insert on public.cards
  for each row execute function private.check_card_side_games();

-- A player's place. The tee as played is copied onto the place (the card never reads another
-- golfer's tees); index, playing handicap and strokes are what the starter's app worked out on the
-- first tee, kept for the card's game. signed_at, round_id and attested_at are written only by
-- sign_card and attest_card; the attester is the place's marker (marker_no's name).
create table public.card_players (
  card_id text not null references public.cards (id) on delete cascade,
  player_no integer not null,
  user_id uuid references auth.users (id) on delete set null,
  name text not null,
  marker_no integer,
  course_rating numeric not null,
  slope_rating integer not null,
  par integer not null,
  hole_pars integer[] not null,
  stroke_indexes integer[] not null,
  index_in_effect numeric not null,
  playing_handicap integer not null,
  signed_at timestamptz,
  attested_at timestamptz,
  round_id text,
  tee_name text not null,
  strokes_received integer,
  invited boolean not null default false,
  primary key (card_id, player_no),
  constraint card_players_one_place_per_golfer unique (user_id, card_id),
  constraint card_players_marker_is_a_place_of_the_card
    foreign key (card_id, marker_no) references public.card_players (card_id, player_no),
  constraint card_players_player_no_is_1_to_4 check (player_no between 1 and 4),
  constraint card_players_marker_is_another_player check (marker_no <> player_no),
  constraint card_players_name_is_1_to_60_trimmed_characters check (
    private.is_trimmed_name(name, 60)
  ),
  constraint card_players_tee_name_is_1_to_100_characters check (
    char_length(tee_name) between 1 and 100
  ),
  constraint card_players_course_rating_is_20_to_90_or_10_to_45_for_nine_in_tenths check (
    course_rating = round(course_rating, 1)
    and (
      (cardinality(hole_pars) = 18 and course_rating between 20.0 and 90.0)
      or (cardinality(hole_pars) = 9 and course_rating between 10.0 and 45.0)
    )
  ),
  constraint card_players_slope_rating_is_55_to_155 check (slope_rating between 55 and 155),
  constraint card_players_hole_pars_and_stroke_indexes_fit_the_holes check (
    cardinality(hole_pars) in (9, 18)
    and private.broken_hole_rule(
      '{hole_pars,stroke_indexes}', cardinality(hole_pars), hole_pars, stroke_indexes
    ) is null
  ),
  constraint card_players_par_is_the_sum_of_hole_pars check (par = private.sum_of(hole_pars)),
  constraint card_players_index_is_minus_10_to_54_in_tenths check (
    index_in_effect >= -10.0
    and index_in_effect <= 54.0
    and index_in_effect = round(index_in_effect, 1)
  ),
  constraint card_players_playing_handicaps_are_minus_100_to_200 check (
    playing_handicap >= -100
    and playing_handicap <= 200
    and (strokes_received between -100 and 200)
  )
);

comment on table public.card_players is
  'A shared card''s places, 1–4: a golfer''s (user_id), a typed player''s, or one kept for an invited golfer (invited; user_id set when they join). Written by the starter''s insert, then only by join_card, sign_card and attest_card.';
comment on column public.card_players.invited is
  'A place kept for a golfer who joins with the card''s code (join_card); a typed player''s place is never joined.';
comment on column public.card_players.round_id is
  'The round sign_card stored in the golfer''s own record; attested_at set by their marker (marker_no) through attest_card.';

create index card_players_card_id_marker_no_idx on public.card_players (card_id, marker_no);

-- Append-only scores. A cell is (card, player, hole); strokes null is a pick-up. entered_by and
-- created_at are the database's (a forged value is overwritten).
create table public.card_entries (
  id text primary key,
  card_id text not null references public.cards (id) on delete cascade,
  player_no integer not null,
  hole integer not null,
  strokes integer,
  replaces text[] not null default '{}',
  entered_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint card_entries_player_is_on_the_card
    foreign key (card_id, player_no) references public.card_players (card_id, player_no),
  constraint card_entries_id_is_a_ulid check (private.is_ulid(id)),
  constraint card_entries_hole_is_1_to_18 check (hole between 1 and 18),
  constraint card_entries_strokes_are_1_to_20 check (strokes between 1 and 20),
  constraint card_entries_replaces_at_most_16_entries check (
    cardinality(replaces) <= 16 and array_position(replaces, null) is null
  )
);

comment on table public.card_entries is
  'A shared card''s scores, append-only: an entry for one player''s hole (strokes null: picked up) that may replace earlier entries of the same cell. entered_by and created_at are set by the database.';

create index card_entries_cell_idx on public.card_entries (card_id, player_no, hole);
create index card_entries_entered_by_idx on public.card_entries (entered_by);

-- A cell's current entries are those no other entry of the cell replaces; agreed when they all
-- say the same (a pick-up is a value too), and then strokes is that value; disputed otherwise,
-- strokes null and the entries say who said what.
create view public.card_cells
  with (security_invoker = on)
as
select
  e.card_id,
  e.player_no,
  e.hole,
  case when count(distinct coalesce(e.strokes, 0)) = 1 then min(e.strokes) end as strokes,
  case when count(distinct coalesce(e.strokes, 0)) = 1 then 'agreed' else 'disputed' end as state,
  array_agg(e.id order by e.id) as entries
from public.card_entries as e
where not exists (
  select 1
  from public.card_entries as later
  where later.card_id = e.card_id
    and later.player_no = e.player_no
    and later.hole = e.hole
    and e.id = any (later.replaces)
)
group by e.card_id, e.player_no, e.hole;

comment on view public.card_cells is
  'Each scored cell of a shared card: its current entries (none replaces them), agreed (strokes: their value, null a pick-up) or disputed (strokes null).';

-- True when the caller started the card or holds a place on it. Security definer: the policies of
-- card_players call it, and an invoker's read of card_players would call them again.
create function private.is_on_card(card_id text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.card_players as p
    where p.user_id = (select auth.uid()) and p.card_id = is_on_card.card_id
  ) or exists (
    select 1 from public.cards as c
    where c.id = is_on_card.card_id and c.created_by = (select auth.uid())
  );
$$;

comment on function private.is_on_card(text) is
  'Whether the caller started the card or holds a place on it: the one membership rule the policies (cards, card_players, card_entries, realtime.messages) and the RPCs read.';

-- A place added by the card's starter while the card is open: at most 4, a match between 2, the
-- tee's holes the card's, and no golfer but the starter placed by someone else (a golfer takes an
-- invited place with join_card). What sign_card and attest_card write starts empty.
create function private.check_card_player() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  card public.cards;
  places integer;
begin
  select c.* into card from public.cards as c where c.id = new.card_id;
  if not found or card.created_by is distinct from auth.uid() then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'only the card''s starter can add its players';
  end if;
  if card.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'this card is closed';
  end if;
  select count(*) into places from public.card_players as p where p.card_id = new.card_id;
  if places >= 4 or new.player_no not between 1 and 4 then
    raise exception using errcode = 'check_violation', message = 'a card has at most 4 players';
  end if;
  if card.format = 'match' and places >= 2 then
    raise exception using errcode = 'check_violation', message = 'match play is between 2 players';
  end if;
  if cardinality(new.hole_pars) is distinct from card.holes
    or cardinality(new.stroke_indexes) is distinct from card.holes
  then
    raise exception using
      errcode = 'check_violation',
      message = format('player %s: the tee needs %s hole pars and stroke indexes', new.player_no, card.holes);
  end if;
  -- A bulk insert through PostgREST sends null, not the default, for a key one row lacks.
  new.invited := coalesce(new.invited, false);
  if new.user_id is not null and (new.user_id <> auth.uid() or new.invited) then
    raise exception using
      errcode = 'insufficient_privilege',
      message = 'a golfer takes their place by joining with the card''s code';
  end if;
  new.par := private.sum_of(new.hole_pars);
  new.signed_at := null;
  new.attested_at := null;
  new.round_id := null;
  return new;
end;
$$;

create trigger card_player_fits_the_card
  before insert on public.card_players
  for each row execute function private.check_card_player();

-- After places are added, in this order: the card's side games are held to its players as placed
-- (a four-ball on a card of 3 is refused with the places that made it so), then each place added
-- without a marker is marked by the next place of the card, wrapping (a lone place has none until
-- another is added). One trigger, so the order is stated here rather than left to trigger names.
create function private.after_card_players_added() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  problem text;
begin
  select checked.problem into problem
    from (
      select c.id, private.broken_side_games_rule(c.side_games, (
          select count(*)::integer from public.card_players as p where p.card_id = c.id
        ), c.holes) as problem
      from public.cards as c
      where c.id in (select n.card_id from added as n) and c.side_games is not null
    ) as checked
    where checked.problem is not null
    order by checked.id
    limit 1;
  if problem is not null then
    raise exception using errcode = 'check_violation', message = problem;
  end if;

  update public.card_players as p
    set marker_no = coalesce(
      (select min(q.player_no) from public.card_players as q
        where q.card_id = p.card_id and q.player_no > p.player_no),
      (select min(q.player_no) from public.card_players as q
        where q.card_id = p.card_id and q.player_no < p.player_no)
    )
    where p.card_id in (select n.card_id from added as n) and p.marker_no is null;
  return null;
end;
$$;

create trigger after_card_players_added
  after insert on public.card_players
  referencing new table as added
  for each statement execute function private.after_card_players_added();

-- The first rule an entry breaks, in the golfer's words, raised; a resend of a stored entry
-- (same id, same values, same golfer) is skipped, so it is stored once. The player's place is
-- locked for share, so an entry and that player's signing take turns.
create function private.check_card_entry() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  card public.cards;
  player public.card_players;
  earlier public.card_entries;
  cell public.card_cells;
begin
  new.entered_by := auth.uid();
  new.created_at := now();
  new.replaces := coalesce(new.replaces, '{}');
  select c.* into card from public.cards as c where c.id = new.card_id;
  if not found or not private.is_on_card(new.card_id) then
    raise exception using
      errcode = 'insufficient_privilege', message = 'you are not on this card';
  end if;
  select e.* into earlier from public.card_entries as e where e.id = new.id;
  if found then
    if (earlier.card_id, earlier.player_no, earlier.hole, earlier.strokes, earlier.replaces,
        earlier.entered_by)
      is not distinct from
      (new.card_id, new.player_no, new.hole, new.strokes, new.replaces, new.entered_by)
    then
      return null;
    end if;
    raise exception using
      errcode = 'unique_violation', message = 'this entry''s id belongs to another entry';
  end if;
  if card.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'this card is closed: no more scores';
  end if;
  select p.* into player from public.card_players as p
    where p.card_id = new.card_id and p.player_no = new.player_no
    for share;
  if not found then
    raise exception using
      errcode = 'check_violation', message = format('this card has no player %s', new.player_no);
  end if;
  if new.hole not between 1 and card.holes then
    raise exception using
      errcode = 'check_violation',
      message = format('this card has holes 1 to %s, not %s', card.holes, new.hole);
  end if;
  if new.strokes not between 1 and 20 then
    raise exception using
      errcode = 'check_violation',
      message = format('hole %s: strokes must be from 1 to 20 (or picked up)', new.hole);
  end if;
  if player.signed_at is not null then
    raise exception using
      errcode = 'PT409',
      message = format('%s has signed their card: their scores can''t change', player.name);
  end if;
  if exists (
    select 1 from unnest(new.replaces) as r (id)
    where not exists (
      select 1 from public.card_entries as e
      where e.id = r.id and e.card_id = new.card_id and e.player_no = new.player_no
        and e.hole = new.hole
    )
  ) then
    raise exception using
      errcode = 'check_violation',
      message = format('hole %s: a correction can only replace entries of the same player and hole', new.hole);
  end if;
  select c.* into cell from public.card_cells as c
    where c.card_id = new.card_id and c.player_no = new.player_no and c.hole = new.hole;
  if cell.state = 'disputed'
    and private.settles_for_others(cell.entries, new.replaces)
    and auth.uid() is distinct from player.user_id
    and auth.uid() is distinct from (
      select m.user_id from public.card_players as m
      where m.card_id = new.card_id and m.player_no = player.marker_no
    )
  then
    raise exception using
      errcode = 'insufficient_privilege',
      message = format('hole %s is disputed: only %s or their marker can settle it', new.hole, player.name);
  end if;
  return new;
end;
$$;

-- Whether an entry replacing `replaces` overrules another golfer's current entry (a settlement);
-- replacing only one's own entries is a correction, which anyone on the card may make.
create function private.settles_for_others(current_entries text[], replaces text[])
  returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.card_entries as e
    where e.id = any (settles_for_others.current_entries)
      and e.id = any (settles_for_others.replaces)
      and e.entered_by is distinct from (select auth.uid())
  );
$$;

create trigger card_entry_fits_the_card
  before insert on public.card_entries
  for each row execute function private.check_card_entry();

-- Broadcast from the database (Supabase's recommended path for shared data): each new entry goes
-- to the card's private topic after commit; realtime.messages' policies below say who receives it.
-- Definer, as Supabase's own example: the insert into realtime.messages is Realtime's, not the
-- golfer's.
create function private.broadcast_card_entry() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    'card:' || new.card_id, tg_op, tg_op, tg_table_name, tg_table_schema, new, null
  );
  return null;
end;
$$;

create trigger broadcast_card_entry
  after insert on public.card_entries
  for each row execute function private.broadcast_card_entry();

-- Row-level security: only the card's golfers read any of it. The starter adds the card and its
-- places and may close it; anyone on the card enters scores as themselves.
alter table public.cards enable row level security;
alter table public.card_players enable row level security;
alter table public.card_entries enable row level security;

create policy "Card golfers can read their cards"
  on public.cards for select
  to authenticated
  using (private.is_on_card(id));

create policy "Golfers can start cards of their own"
  on public.cards for insert
  to authenticated
  with check (created_by = (select auth.uid()) and status = 'open');

create policy "Starters can close their cards"
  on public.cards for update
  to authenticated
  using (created_by = (select auth.uid()))
  with check (created_by = (select auth.uid()) and status = 'closed');

create policy "Card golfers can read their card's players"
  on public.card_players for select
  to authenticated
  using (private.is_on_card(card_id));

create policy "Starters can add their card's players"
  on public.card_players for insert
  to authenticated
  with check (
    exists (
      select 1 from public.cards as c
      where c.id = card_id and c.created_by = (select auth.uid()) and c.status = 'open'
    )
  );

create policy "Card golfers can read their card's entries"
  on public.card_entries for select
  to authenticated
  using (private.is_on_card(card_id));

create policy "Card golfers can enter scores as themselves"
  on public.card_entries for insert
  to authenticated
  with check (private.is_on_card(card_id) and entered_by = (select auth.uid()));

-- Append-only: no update or delete grant on places or entries; a card's only change is closing.
revoke all on table public.cards, public.card_players, public.card_entries, public.card_cells
  from anon, authenticated;
grant select, insert on table public.cards, public.card_players, public.card_entries
  to authenticated;
grant update (status) on table public.cards to authenticated;
grant select on table public.card_cells to authenticated;
grant all on table public.cards, public.card_players, public.card_entries to service_role;
grant select on table public.card_cells to service_role;

-- Join codes, stored only as their SHA-256 (a leaked table gives no working code). A code works
-- for 24 hours from created_at while its card is open; it names nothing but its card.
create table private.card_invitations (
  code_hash bytea primary key,
  card_id text not null references public.cards (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index card_invitations_card_id_idx on private.card_invitations (card_id);

-- No grant to anyone: only the definer RPCs read and write it.
alter table private.card_invitations enable row level security;

-- A code's hash, the same however the golfer typed it (case, spaces at either end).
create function private.invitation_hash(code text) returns bytea
  language sql immutable set search_path = ''
as $$
  select sha256(convert_to(upper(btrim(coalesce(code, ''))), 'UTF8'));
$$;

-- The card a working code invites to (made under 24 hours ago, its card open), for a signed-in
-- caller; every code that does not work gets the same refusal, so it tells nothing about cards.
create function private.invited_card(code text) returns text
  language plpgsql stable set search_path = ''
as $$
declare
  invited text;
begin
  select i.card_id into invited
    from private.card_invitations as i
    join public.cards as c on c.id = i.card_id
    where i.code_hash = private.invitation_hash(invited_card.code)
      and i.created_at > now() - interval '24 hours'
      and c.status = 'open';
  if auth.uid() is null or invited is null then
    raise exception using
      errcode = 'PT404',
      message = 'this invitation doesn''t work: it may have expired, or its card is closed';
  end if;
  return invited;
end;
$$;

-- A new join code for the caller's own open card: 20 characters of Crockford base 32 (100 random
-- bits), so codes are unguessable and say nothing about one another. Each call makes a new code.
create function public.invite_to_card(card_id text) returns text
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  random_bytes constant bytea := extensions.gen_random_bytes(20);
  card public.cards;
  code text := '';
begin
  select c.* into card from public.cards as c where c.id = invite_to_card.card_id;
  if auth.uid() is null or not found or card.created_by is distinct from auth.uid() then
    raise exception using
      errcode = 'insufficient_privilege', message = 'only the card''s starter can invite players';
  end if;
  if card.status <> 'open' then
    raise exception using errcode = 'PT409', message = 'this card is closed';
  end if;
  for i in 0 .. 19 loop
    code := code || substr(alphabet, (get_byte(random_bytes, i) & 31) + 1, 1);
  end loop;
  insert into private.card_invitations (code_hash, card_id)
    values (private.invitation_hash(code), card.id);
  return code;
end;
$$;

comment on function public.invite_to_card(text) is
  'A join code for the caller''s own open card, good for 24 hours while the card is open (the starter''s only).';

-- Takes place `player_no` of the code's card for the caller and returns the card's id. The place
-- must be one the starter kept for an invited golfer (invited, no golfer yet): a typed player's
-- place is never taken over, so a code cannot claim someone else's scores. Joining again into the
-- place one already holds answers the same. Every code that does not work (unknown, expired, its
-- card closed) gets the same answer.
create function public.join_card(code text, player_no integer) returns text
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  golfer constant uuid := auth.uid();
  joined constant text := private.invited_card(join_card.code);
  place public.card_players;
begin
  select p.* into place from public.card_players as p
    where p.card_id = joined and p.user_id = golfer;
  if found then
    if place.player_no = join_card.player_no then
      return joined;
    end if;
    raise exception using
      errcode = 'PT409', message = format('you already hold place %s on this card', place.player_no);
  end if;
  select p.* into place from public.card_players as p
    where p.card_id = joined and p.player_no = join_card.player_no
    for update;
  if not found then
    raise exception using
      errcode = 'check_violation', message = format('this card has no place %s', join_card.player_no);
  elsif place.user_id is not null then
    raise exception using
      errcode = 'PT409', message = format('place %s is taken by %s', place.player_no, place.name);
  elsif not place.invited then
    raise exception using
      errcode = 'PT409',
      message = format('place %s is %s''s, a typed player: take the place kept for you', place.player_no, place.name);
  end if;
  update public.card_players as p set user_id = golfer
    where p.card_id = joined and p.player_no = join_card.player_no;
  return joined;
end;
$$;

comment on function public.join_card(text, integer) is
  'Takes a place the starter kept for an invited golfer (card_players.invited) on the code''s card, and returns the card''s id.';

-- What a working code invites to, shown before the golfer joins: the card's course and day, its
-- starter's name on the card, and each place kept for an invited golfer (taken once joined).
-- Only a code's holder reads this, and only of the code's own card.
create function public.card_invitation(code text)
  returns table (
    course_name text,
    played_on date,
    starter_name text,
    player_no integer,
    place_name text,
    taken boolean
  )
  language plpgsql stable security definer set search_path = ''
as $$
declare
  code_card_id constant text := private.invited_card(card_invitation.code);
begin
  return query
    select c.course_name, c.played_on, s.name, p.player_no, p.name, p.user_id is not null
    from public.cards as c
    join public.card_players as p on p.card_id = c.id and p.invited
    left join public.card_players as s on s.card_id = c.id and s.user_id = c.created_by
    where c.id = code_card_id
    order by p.player_no;
end;
$$;

comment on function public.card_invitation(text) is
  'The card a join code invites to, for the join screen: course, day, the starter''s name and the invited places (refused, PT404, for a code that does not work).';

-- The tee the signer's round is played from: their own tee of that course with the same name,
-- holes, rating, slope, hole pars and stroke indexes, else one copied into their list (with the
-- course when they lack it): the import's rule, private.tee_of_row (60_import.sql), reused.
create function private.card_tee_of(card public.cards, place public.card_players, round_id text)
  returns text
  language plpgsql volatile set search_path = ''
as $$
declare
  teed record;
  holed public.rounds;
begin
  select card.course_name as course_name, place.tee_name as tee_name, card.holes as holes,
      null::text as nine, private.new_ulid() as course_id, place.course_rating as course_rating,
      place.slope_rating as slope_rating, place.par as par, private.new_ulid() as tee_id,
      card_tee_of.round_id as round_id
    into teed;
  holed.hole_pars := place.hole_pars;
  holed.stroke_indexes := place.stroke_indexes;
  return (private.tee_of_row(place.user_id, teed, holed)).tee;
exception when invalid_parameter_value then
  raise exception using
    errcode = 'PT409',
    message = format('a 9-hole round needs its course: add %s to your courses, then sign', card.course_name);
end;
$$;

-- The game of the signer's round (17_games.sql's shape): the card's format and allowance, the
-- signer's handicaps, and each other player as a partner with their agreed strokes (null where a
-- cell is picked up, disputed or empty). A partner's tee is found as the import finds it
-- (private.partner_tee). Null on a card of one player.
create function private.card_game(card public.cards, place public.card_players, tee_id text)
  returns jsonb
  language sql stable set search_path = ''
as $$
  select jsonb_build_object(
      'format', card.format,
      'allowance_percent', card.allowance_percent,
      'playing_handicap', place.playing_handicap,
      'strokes_received', coalesce(place.strokes_received, place.playing_handicap),
      'partners', jsonb_agg(jsonb_build_object(
        'name', p.name,
        'index', p.index_in_effect,
        'tee_id', private.partner_tee(tee_id, p.tee_name),
        'tee_name', p.tee_name,
        'playing_handicap', p.playing_handicap,
        'strokes_received', coalesce(p.strokes_received, p.playing_handicap),
        'hole_strokes', (
          select jsonb_agg(c.strokes order by h.hole)
          from generate_series(1, card.holes) as h (hole)
          left join public.card_cells as c
            on c.card_id = card.id and c.player_no = p.player_no and c.hole = h.hole
        )
      ) order by p.player_no)
    )
  from public.card_players as p
  where p.card_id = card.id and p.player_no <> place.player_no
  having count(*) > 0;
$$;

-- Signs the caller's own place: every cell of theirs agreed (the first disputed or empty hole is
-- named), then their round goes into their own record with the card's hole scores and returns its
-- id. A picked-up hole is scored as rounds.game says (17_games.sql): net double bogey, listed in
-- picked_up. Net double bogey needs the course handicap of the golfer's index in effect, which
-- the kept walk works out when the round is inserted: so the round goes in with 20 there (the
-- walk holds it to net double bogey), and the walk's course handicap then gives each hole's value
-- through private.adjusted_gross_score, one hole at a time.
create function public.sign_card(card_id text) returns text
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  golfer constant uuid := auth.uid();
  card public.cards;
  place public.card_players;
  bad record;
  strokes integer[];
  picked integer[];
  tee text;
  played jsonb;
  handicap integer;
  hole integer;
  new_round constant text := private.new_ulid();
begin
  select c.* into card from public.cards as c where c.id = sign_card.card_id;
  select p.* into place from public.card_players as p
    where p.card_id = sign_card.card_id and p.user_id = golfer
    for update;
  if golfer is null or not found then
    raise exception using
      errcode = 'insufficient_privilege', message = 'you have no place of your own on this card';
  end if;
  if place.signed_at is not null then
    raise exception using errcode = 'PT409', message = 'you have already signed this card';
  end if;
  select h.hole, c.state into bad
    from generate_series(1, card.holes) as h (hole)
    left join public.card_cells as c
      on c.card_id = card.id and c.player_no = place.player_no and c.hole = h.hole
    where c.state is distinct from 'agreed'
    order by h.hole
    limit 1;
  if found then
    raise exception using
      errcode = 'PT409',
      message = format(case when bad.state is null
        then 'hole %s has no score yet: enter it, then sign'
        else 'hole %s is disputed: settle it, then sign' end, bad.hole);
  end if;
  select array_agg(c.strokes order by c.hole),
      coalesce(array_agg(c.hole order by c.hole) filter (where c.strokes is null), '{}')
    into strokes, picked
    from public.card_cells as c
    where c.card_id = card.id and c.player_no = place.player_no;
  tee := private.card_tee_of(card, place, new_round);
  played := private.card_game(card, place, tee);
  strokes := array(select coalesce(s, 20) from unnest(strokes) with ordinality as u (s, at) order by at);
  insert into public.rounds (id, user_id, tee_id, played_on, score, hole_strokes, game)
    values (new_round, golfer, tee, card.played_on, private.sum_of(strokes), strokes, played);
  if cardinality(picked) > 0 then
    select w.course_handicap into handicap
      from private.walked_rounds as w
      where w.user_id = golfer and w.round_id = new_round;
    -- A card of 20 on that hole alone and 0 elsewhere counts that hole's net double bogey.
    foreach hole in array picked loop
      strokes[hole] := private.adjusted_gross_score(
        place.hole_pars, place.stroke_indexes,
        array(select case when h = hole then 20 else 0 end from generate_series(1, card.holes) as h),
        handicap
      );
    end loop;
    update public.rounds as r
      set hole_strokes = strokes,
        score = private.sum_of(strokes),
        game = played || jsonb_build_object('picked_up', to_jsonb(picked))
      where r.id = new_round;
  end if;
  update public.card_players as p set signed_at = now(), round_id = new_round
    where p.card_id = card.id and p.player_no = place.player_no;
  return new_round;
end;
$$;

comment on function public.sign_card(text) is
  'Signs the caller''s own place on a card once every cell of theirs is agreed: their round goes into their own record (course and tee copied where they lack them) and its id is returned.';

-- Attests a signed place: only that place's marker, once.
create function public.attest_card(card_id text, player_no integer) returns void
  language plpgsql volatile security definer set search_path = ''
as $$
declare
  place public.card_players;
begin
  select p.* into place from public.card_players as p
    where p.card_id = attest_card.card_id and p.player_no = attest_card.player_no
    for update;
  if auth.uid() is null or not found or not exists (
    select 1 from public.card_players as m
    where m.card_id = place.card_id and m.player_no = place.marker_no and m.user_id = auth.uid()
  ) then
    raise exception using
      errcode = 'insufficient_privilege', message = 'only the player''s marker can attest their card';
  end if;
  if place.signed_at is null then
    raise exception using
      errcode = 'PT409', message = format('%s hasn''t signed their card yet', place.name);
  end if;
  if place.attested_at is not null then
    raise exception using
      errcode = 'PT409', message = format('%s''s card is already attested', place.name);
  end if;
  update public.card_players as p set attested_at = now()
    where p.card_id = place.card_id and p.player_no = place.player_no;
end;
$$;

comment on function public.attest_card(text, integer) is
  'The marker''s attestation of a signed place (the app shows "Attested by" the marker''s name).';

-- Who attested each signed round, for the golfer's record: the place's marker and when. Invoker:
-- each reader sees only the places of the cards they are on (card_players' policies).
create view public.round_attestations
  with (security_invoker = on)
as
select p.round_id, m.name as attested_by, p.attested_at
from public.card_players as p
join public.card_players as m on m.card_id = p.card_id and m.player_no = p.marker_no
where p.round_id is not null and p.attested_at is not null;

comment on view public.round_attestations is
  'Each attested round signed on a shared card: its marker''s name on the card (attested_by) and when.';

revoke all on table public.round_attestations from public, anon, authenticated;
grant select on table public.round_attestations to authenticated, service_role;

-- The golfer's way back to a card: each open card they hold an unsigned place on, with who started
-- it and how far their own scores go. Invoker: the cards' policies decide what anyone reads.
create view public.my_open_cards
  with (security_invoker = on)
as
select
  c.id,
  c.course_name,
  c.played_on,
  c.holes,
  c.created_at,
  starter.name as started_by,
  coalesce(c.created_by = (select auth.uid()), false) as started_by_me,
  p.player_no,
  (
    select count(distinct e.hole)::integer from public.card_entries as e
    where e.card_id = c.id and e.player_no = p.player_no
  ) as scored_holes,
  (
    select min(h.hole)::integer from generate_series(1, c.holes) as h (hole)
    where not exists (
      select 1 from public.card_entries as e
      where e.card_id = c.id and e.player_no = p.player_no and e.hole = h.hole
    )
  ) as next_hole
from public.cards as c
join public.card_players as p on p.card_id = c.id and p.user_id = (select auth.uid())
left join public.card_players as starter
  on starter.card_id = c.id and starter.user_id = c.created_by
where c.status = 'open' and p.signed_at is null;

comment on view public.my_open_cards is
  'The caller''s open shared cards with an unsigned place of theirs: started_by (the starter''s name on the card), their scored_holes and next_hole (null once all are scored).';

revoke all on table public.my_open_cards from public, anon, authenticated;
grant select on table public.my_open_cards to authenticated, service_role;

-- An attestation reaches every device of the attested golfer on their own topic (only the
-- database sends there: 90_live_feed.sql), as a change of their place that names the round.
-- Definer, as the other broadcasts: the insert into realtime.messages is Realtime's.
create function private.broadcast_place_attested() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object(
      'table', tg_table_name,
      'operation', tg_op,
      'record', jsonb_build_object(
        'card_id', new.card_id, 'round_id', new.round_id, 'attested_at', new.attested_at
      )
    ),
    tg_op, private.golfer_topic(new.user_id), true);
  return null;
end;
$$;

create trigger broadcast_place_attested
  after update of attested_at on public.card_players
  for each row
  when (new.attested_at is not null and new.user_id is not null)
  execute function private.broadcast_place_attested();

grant execute on function private.is_on_card(text) to authenticated, service_role;
revoke all on function
  public.invite_to_card(text),
  public.join_card(text, integer),
  public.card_invitation(text),
  public.sign_card(text),
  public.attest_card(text, integer)
  from anon;
grant execute on function
  public.invite_to_card(text),
  public.join_card(text, integer),
  public.card_invitation(text),
  public.sign_card(text),
  public.attest_card(text, integer)
  to authenticated, service_role;

-- Realtime: a card's private channel, card:<id>, is joined (select) and sent on (insert: presence
-- and client broadcast) only by the card's golfers. supabase db diff leaves Realtime's schema
-- out, so the migration that adds these carries them written by hand.
create policy "Card golfers can receive their card's channel"
  on realtime.messages for select
  to authenticated
  using (
    (select realtime.topic()) like 'card:%'
    and private.is_on_card(substr((select realtime.topic()), 6))
    and extension in ('broadcast', 'presence')
  );

create policy "Card golfers can send on their card's channel"
  on realtime.messages for insert
  to authenticated
  with check (
    (select realtime.topic()) like 'card:%'
    and private.is_on_card(substr((select realtime.topic()), 6))
    and extension in ('broadcast', 'presence')
  );
