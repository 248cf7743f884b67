-- The game a round was played in: the format the group agreed on the first tee, the
-- allowance, the golfer's own playing handicap and strokes, and each partner's card. It is one
-- jsonb value, public.rounds.game (20_rounds.sql), stored in the same insert as the golfer's round
-- so the outbox sends both exactly once, and deleted, restored, exported and imported with it.
-- The golfer's own strokes are the round's hole_strokes; a partner needs no account, so a partner
-- is what the golfer typed (name, index, tee) and what the card worked out from it:
--
--   { "format": "stroke" | "stableford" | "match", "allowance_percent": 95,
--     "playing_handicap": 12, "strokes_received": 12,
--     "partners": [ { "name": "Ann", "index": 8.6, "tee_id": "01…", "tee_name": "White",
--                     "playing_handicap": 8, "strokes_received": 8,
--                     "hole_strokes": [5, 4, null, …] } ] }
--
-- Each bound is written once, here, in private.broken_game_rule: the checks on public.rounds call
-- it one rule each, the rounds trigger (private.check_game) with every rule so a golfer reads the
-- refusal in words, and import_rounds the same. The partner's tee (a tee of the round's course,
-- one of the golfer's own) needs a lookup, so only the trigger holds it.

-- A JSON number from low to high with at most `places` decimals (5.0 is whole); anything else
-- (a string, null, missing) is not. A case, so the cast never meets a value that is not a number.
create function private.is_number_between(
  value jsonb,
  low numeric,
  high numeric,
  places integer default 0
) returns boolean
  language sql immutable set search_path = ''
as $$
  select case
    when jsonb_typeof(value) = 'number' then
      value::numeric = round(value::numeric, places) and value::numeric between low and high
    else false
  end;
$$;

-- Whether a player's playing handicap and strokes received (the golfer's, in the game; a
-- partner's, in their entry) are whole numbers from -100 to 200.
create function private.has_playing_handicap(player jsonb) returns boolean
  language sql immutable set search_path = ''
as $$
  select private.is_number_between(player -> 'playing_handicap', -100, 200)
    and private.is_number_between(player -> 'strokes_received', -100, 200);
$$;

-- A side game's stake (game -> side_games -> <game> -> stake): points, whole, or an amount of a
-- currency (ISO 4217 code) to its minor unit, 0 to 10,000; the problem in the golfer's words, or
-- null. Mirrors stakeProblems in src/features/scorecard/lib/side-game-standings.ts.
create function private.broken_stake_rule(stake jsonb, game text) returns text
  language sql immutable set search_path = ''
as $$
  select case
    when jsonb_typeof(stake) is distinct from 'object' then
      format('the %s stake is missing: points or an amount of money', game)
    when exists (
      select 1 from jsonb_object_keys(stake) as k (key)
      where k.key not in ('kind', 'amount', 'currency')
    ) then format('the %s stake has something a stake does not', game)
    when stake ->> 'kind' is null or stake ->> 'kind' not in ('points', 'money') then
      format('the %s stake must be points or money', game)
    when jsonb_typeof(stake -> 'amount') is distinct from 'number' then
      format('the %s stake must be a number', game)
    when (stake ->> 'amount')::numeric < 0 then format('the %s stake can''t be negative', game)
    when (stake ->> 'amount')::numeric > 10000 then
      format('the %s stake can''t be more than 10,000', game)
    when stake ->> 'kind' = 'points' and stake ? 'currency' then
      format('the %s stake is in points, so it has no currency', game)
    when stake ->> 'kind' = 'points' and (stake ->> 'amount')::numeric % 1 <> 0 then
      format('the %s stake must be a whole number of points', game)
    when stake ->> 'kind' = 'points' then null
    when jsonb_typeof(stake -> 'currency') is distinct from 'string'
      or stake ->> 'currency' !~ '^[A-Z]{3}$'
    then format('the %s stake needs a currency code such as EUR, GBP or USD', game)
    -- The currency's minor unit: none for the yen and its like, 3 for the dinars, else 2.
    when (stake ->> 'amount')::numeric <> round((stake ->> 'amount')::numeric, case
      when stake ->> 'currency' in (
        'BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI',
        'VND', 'VUV', 'XAF', 'XOF', 'XPF'
      ) then 0
      when stake ->> 'currency' in ('BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND') then 3
      else 2
    end) then format('the %s stake has too many decimals for %s', game, stake ->> 'currency')
  end;
$$;

comment on function private.broken_stake_rule(jsonb, text) is
  'What is wrong with a side game''s stake (points, whole; or money to its currency''s minor unit; 0 to 10,000), in the golfer''s words, or null.';

-- The first problem of one side game's settings (`game`: skins, nassau, four_ball or scramble)
-- for a card of `players` players and `holes` holes, in the golfer's words, or null: its settings
-- an object of the keys it has, its own rules, then its stake.
create function private.broken_side_game_settings(
  settings jsonb,
  game text,
  players integer,
  holes integer
) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  teams text := settings ->> 'teams';
  named constant text := case game
    when 'skins' then 'the skins have'
    when 'nassau' then 'the Nassau has'
    when 'four_ball' then 'the four-ball match has'
    else 'the scramble has'
  end;
begin
  if jsonb_typeof(settings) <> 'object' then
    return named || ' no settings';
  end if;
  if exists (
    select 1 from jsonb_object_keys(settings) as k (key)
    where k.key <> all (case game
      when 'skins' then '{basis,carry_over,stake}'
      when 'nassau' then '{press_at,stake}'
      when 'four_ball' then '{stake}'
      else '{teams,stake}'
    end::text[])
  ) then
    return named || ' a setting HCPFast does not know';
  end if;
  return case game
    when 'skins' then case
      when settings ->> 'basis' is null or settings ->> 'basis' not in ('gross', 'net') then
        'skins are gross or net'
      when jsonb_typeof(settings -> 'carry_over') is distinct from 'boolean' then
        'say whether tied skins carry over'
      else private.broken_stake_rule(settings -> 'stake', 'skins')
    end
    when 'nassau' then case
      when settings -> 'press_at' is null or settings -> 'press_at' not in ('2', 'null') then
        'a Nassau presses at 2 down, or not at all'
      when holes <> 18 then format('a Nassau needs 18 holes; this card has %s', holes)
      when players not in (2, 4) then
        format('a Nassau is 2 players or two sides of 2; this card has %s', players)
      else private.broken_stake_rule(settings -> 'stake', 'Nassau')
    end
    when 'four_ball' then case
      when players <> 4 then
        format('a four-ball match needs 4 players; this card has %s', players)
      else private.broken_stake_rule(settings -> 'stake', 'four-ball match')
    end
    else case
      when teams is null or teams not in ('group', 'sides') then
        'a scramble is the whole group or two sides'
      when teams = 'group' and players not in (2, 4) then
        format('a scramble team is 2 or 4 players; this card has %s', players)
      when teams = 'group' and settings ? 'stake' then
        'a scramble of the whole group has nobody in the group to play for a stake: play it as two sides'
      when teams = 'sides' and players <> 4 then
        format('a scramble of two sides needs 4 players; this card has %s', players)
      when teams = 'sides' then private.broken_stake_rule(settings -> 'stake', 'scramble')
    end
  end;
end;
$$;

-- The side games of a round's game (game -> side_games), beside its format: skins, a Nassau, a
-- four-ball match and a scramble, each with a stake, and the two sides of a 4-player card. Players
-- are places on the card (0 is the golfer, then the partners), so a side can name only this
-- card's players. The first problem in the golfer's words, or null (absent: no side games). Mirrors
-- validateSideGames in src/features/scorecard/lib/side-game-standings.ts; the game's 16 KB bound
-- (private.broken_game_shape) keeps it small.
create function private.broken_side_games_rule(games jsonb, players integer, holes integer)
  returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  unknown_key text;
  teams text := games #>> '{scramble,teams}';
  needs_sides boolean;
  game text;
  problem text;
begin
  if games is null then
    return null;
  end if;
  if jsonb_typeof(games) <> 'object' then
    return 'the side games must be an object of games';
  end if;
  if games -> 'version' is distinct from '1' then
    return 'these side games were saved by a newer HCPFast: update the app to read them';
  end if;
  select k.key into unknown_key
    from jsonb_object_keys(games) as k (key)
    where k.key not in ('version', 'sides', 'skins', 'nassau', 'four_ball', 'scramble')
    order by k.key
    limit 1;
  if unknown_key is not null then
    return format('"%s" is not a side game HCPFast knows', left(unknown_key, 40));
  end if;
  if not (games ?| array['skins', 'nassau', 'four_ball', 'scramble']) then
    return 'choose at least one side game';
  end if;
  if players not between 2 and 4 then
    return format('side games are for 2 to 4 players; this card has %s', players);
  end if;
  foreach game in array array['skins', 'nassau', 'four_ball', 'scramble'] loop
    continue when not games ? game;
    problem := private.broken_side_game_settings(games -> game, game, players, holes);
    if problem is not null then
      return problem;
    end if;
  end loop;
  -- A 4-player Nassau, a four-ball match and a scramble of two sides are played by sides.
  needs_sides := (games ? 'nassau' and players = 4) or games ? 'four_ball'
    or (games ? 'scramble' and teams = 'sides');
  if games ? 'sides' or (needs_sides and players = 4) then
    if players <> 4 then
      return format('sides are two pairs of 4 players; this card has %s', players);
    end if;
    -- Two pairs holding each of the card's places 0–3 once: no one else's players.
    if not coalesce((
      select jsonb_typeof(games -> 'sides') = 'array'
        and jsonb_array_length(games -> 'sides') = 2
        and (
          select bool_and(jsonb_typeof(pair) = 'array' and jsonb_array_length(pair) = 2)
          from jsonb_array_elements(games -> 'sides') as s (pair)
        )
        and (
          select array_agg(place order by place)::text
          from jsonb_array_elements(games -> 'sides') as s (pair),
            jsonb_array_elements(pair) as p (place)
        ) = '{0,1,2,3}'
    ), false) then
      return 'choose the two sides: each of the 4 players in one pair';
    end if;
  end if;
  return null;
end;
$$;

comment on function private.broken_side_games_rule(jsonb, integer, integer) is
  'The first problem of a round''s side games (game -> side_games: skins, Nassau, four-ball, scramble, their stakes and sides) for a card of `players` players and `holes` holes, in the golfer''s words, or null. Mirrors validateSideGames.';

-- What is wrong with a game's shape (an object), or null: a field a game or a partner does not
-- have, or more than 16 KB in all. A new field of a game is added to these lists, with its rule.
create function private.broken_game_shape(game jsonb) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  game_fields constant text[] :=
    '{format,allowance_percent,playing_handicap,strokes_received,partners,picked_up,side_games}';
  partner_fields constant text[] :=
    '{name,index,tee_id,tee_name,playing_handicap,strokes_received,hole_strokes}';
  unknown_field text;
  unknown_place bigint;
begin
  if octet_length(game::text) > 16384 then
    return 'the game is too large (at most 16 KB)';
  end if;
  select k.key into unknown_field
    from jsonb_object_keys(game) as k (key)
    where k.key <> all (game_fields)
    order by k.key
    limit 1;
  if unknown_field is not null then
    return format('the game has no field "%s"', left(unknown_field, 40));
  end if;
  select p.place, k.key into unknown_place, unknown_field
    from jsonb_array_elements(case
        when jsonb_typeof(game -> 'partners') = 'array' then game -> 'partners' else '[]'
      end) with ordinality as p (value, place)
      cross join lateral jsonb_object_keys(case
        when jsonb_typeof(p.value) = 'object' then p.value else '{}'
      end) as k (key)
    where k.key <> all (partner_fields)
    order by p.place, k.key
    limit 1;
  if unknown_field is not null then
    return format(
      'partner %s: the game has no field "%s"', unknown_place, left(unknown_field, 40)
    );
  end if;
  return null;
end;
$$;

-- The first rule of a game's partner (`partner`, at `place` from 1) the values break (of `rules`,
-- or every rule when null), in the golfer's words with the partner's place and the hole number, or
-- null: private.broken_game_rule's names, indexes, tees, handicaps and strokes.
create function private.broken_partner_rule(
  rules text[],
  partner jsonb,
  place bigint,
  holes integer
) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  problem text;
  bad record;
begin
  rules := coalesce(rules, '{names,indexes,tees,handicaps,strokes}');
  problem := case
    when 'names' = any (rules) and (
      jsonb_typeof(partner -> 'name') is distinct from 'string'
      or not private.is_trimmed_name(partner ->> 'name', 60)
    ) then
      'the name must be 1 to 60 characters, without spaces at either end'
    when 'indexes' = any (rules)
      and not private.is_number_between(partner -> 'index', -10, 54, 1)
    then
      'the index must be from -10.0 to 54.0, in tenths'
    when 'tees' = any (rules) and (
      jsonb_typeof(partner -> 'tee_id') is distinct from 'string'
      or jsonb_typeof(partner -> 'tee_name') is distinct from 'string'
    ) then
      'pick a tee'
    when 'handicaps' = any (rules) and not private.has_playing_handicap(partner) then
      'the playing handicap and strokes must be whole numbers from -100 to 200'
    when 'strokes' = any (rules) and case
      when jsonb_typeof(partner -> 'hole_strokes') = 'array' then
        jsonb_array_length(partner -> 'hole_strokes') <> holes
      else true
    end then
      format(
        'the card has %s holes, but this round is played over %s',
        case jsonb_typeof(partner -> 'hole_strokes')
          when 'array' then jsonb_array_length(partner -> 'hole_strokes')
          else 0
        end,
        holes
      )
  end;
  if problem is not null then
    return format('partner %s: %s', place, problem);
  end if;
  if 'strokes' = any (rules) then
    select h.hole into bad
      from jsonb_array_elements(partner -> 'hole_strokes') with ordinality as h (value, hole)
      where jsonb_typeof(h.value) <> 'null' and not private.is_number_between(h.value, 1, 20)
      order by h.hole
      limit 1;
    if found then
      return format(
        'partner %s, hole %s: strokes must be from 1 to 20 (or picked up)', place, bad.hole
      );
    end if;
  end if;
  return null;
end;
$$;

-- The first rule of a game the values break (of `rules`, or every rule when null), in the
-- golfer's words with the partner's place (from 1) and the hole number, or null. A null game is no
-- game, and breaks nothing. The rules:
--   scored      a game only with a round scored hole by hole
--   format      an object whose format is stroke, stableford or match
--   shape       only the fields private.broken_game_shape lists, and at most 16 KB in all
--   allowance   a whole percentage, 0–100
--   handicaps   the golfer's and each partner's playing handicap and strokes: whole, −100 to 200
--   partners    1 to 3 partners, exactly 1 in match play
--   names       each partner's name: a string of 1–60 characters, trimmed
--   indexes     each partner's index: −10.0 to 54.0, in tenths
--   tees        each partner's tee: an id and a name (the trigger checks the tee itself)
--   strokes     each partner's hole strokes: one per hole of the round, each 1–20 or null (picked up)
--   side_games  the side games, as private.broken_side_games_rule holds them
create function private.broken_game_rule(
  rules text[],
  game jsonb,
  holes integer,
  hole_strokes integer[]
) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  partners jsonb;
  partner record;
  problem text;
begin
  rules := coalesce(rules, array[
    'scored', 'format', 'shape', 'allowance', 'handicaps', 'partners', 'names', 'indexes', 'tees',
    'strokes', 'side_games'
  ]);
  if game is null then
    return null;
  end if;
  if 'scored' = any (rules) and hole_strokes is null then
    return 'a game is kept only with a round scored hole by hole';
  end if;
  if 'format' = any (rules) and (
    jsonb_typeof(game) is distinct from 'object'
    or jsonb_typeof(game -> 'format') is distinct from 'string'
    or game ->> 'format' not in ('stroke', 'stableford', 'match')
  ) then
    return 'the game''s format must be stroke play, Stableford or match play';
  end if;
  if jsonb_typeof(game) is distinct from 'object' then
    return null;
  end if;
  if 'shape' = any (rules) then
    problem := private.broken_game_shape(game);
    if problem is not null then
      return problem;
    end if;
  end if;
  if 'allowance' = any (rules)
    and not private.is_number_between(game -> 'allowance_percent', 0, 100)
  then
    return 'the allowance must be a whole number from 0 to 100%';
  end if;
  if 'handicaps' = any (rules) and not private.has_playing_handicap(game) then
    return 'your playing handicap and strokes must be whole numbers from -100 to 200';
  end if;
  partners := game -> 'partners';
  if 'partners' = any (rules) then
    -- In parentheses: plpgsql reads an if's condition up to the first then outside them.
    if (case
      when jsonb_typeof(partners) = 'array' then
        jsonb_array_length(partners) not between 1 and 3
        or exists (
          select 1 from jsonb_array_elements(partners) as p where jsonb_typeof(p) <> 'object'
        )
      else true
    end) then
      return 'a game has 1 to 3 partners';
    end if;
    if game ->> 'format' = 'match' and jsonb_array_length(partners) <> 1 then
      return 'match play is against exactly 1 partner';
    end if;
  end if;
  if jsonb_typeof(partners) is distinct from 'array' then
    return null;
  end if;
  for partner in
    select p.value, p.place
    from jsonb_array_elements(partners) with ordinality as p (value, place)
    where jsonb_typeof(p.value) = 'object'
  loop
    problem := private.broken_partner_rule(rules, partner.value, partner.place, holes);
    if problem is not null then
      return problem;
    end if;
  end loop;
  return case when 'side_games' = any (rules) then private.broken_side_games_rule(
    game -> 'side_games', 1 + jsonb_array_length(partners), holes
  ) end;
end;
$$;

comment on function private.broken_game_rule(text[], jsonb, integer, integer[]) is
  'The first rule of a round''s game the values break (of `rules`, or every rule when null), in the golfer''s words with the partner''s place and the hole number, or null: the one place each bound on a game is written.';

-- The checks and the triggers run with the writer's rights (a golfer's insert, import_rounds).
grant execute on function
  private.is_number_between(jsonb, numeric, numeric, integer),
  private.has_playing_handicap(jsonb),
  private.broken_stake_rule(jsonb, text),
  private.broken_side_game_settings(jsonb, text, integer, integer),
  private.broken_side_games_rule(jsonb, integer, integer),
  private.broken_game_shape(jsonb),
  private.broken_partner_rule(text[], jsonb, bigint, integer),
  private.broken_game_rule(text[], jsonb, integer, integer[])
  to authenticated, service_role;

-- The holes the golfer picked up: game -> 'picked_up', the hole numbers as the course
-- numbers them (10–18 on a back nine), absent on a game stored before them (none). The round's
-- hole_strokes keep net double bogey there (the number the handicap record needs, WHS Rule 3.1);
-- the game counts each as picked up. The first rule the values break (of `rules`, or every rule
-- when null), in the golfer's words with the hole number, or null. The rules:
--   picked_up_holes   a list of the round's hole numbers, each once
--   picked_up_scores  each such hole scored at net double bogey off one and the same course
--                     handicap: par + 2 + the strokes it receives (par + 5 on every hole with no
--                     index yet is that too: 3 received on each), held to the card's 1–20
-- The course handicap itself is not checked: it is the one of the index in effect on the day,
-- which the golfer's other rounds decide (and a round added later changes). Strokes received by
-- the rank of each hole's stroke index, as private.strokes_received gives them: on n holes a hole
-- of rank k receives r exactly for the course handicaps (r − 1)·n + k to r·n + k − 1 (a plus
-- handicap too), so the holes agree when those ranges meet.
create function private.broken_pick_up_rule(
  rules text[],
  game jsonb,
  holes integer,
  nine text,
  hole_pars integer[],
  stroke_indexes integer[],
  hole_strokes integer[]
) returns text
  language plpgsql immutable set search_path = ''
as $$
declare
  picked jsonb := case when jsonb_typeof(game) = 'object' then game -> 'picked_up' end;
  first_hole integer := case nine when 'back' then 10 else 1 end;
  bad record;
  hole record;
  lowest integer;
  highest integer;
begin
  rules := coalesce(rules, '{picked_up_holes,picked_up_scores}');
  if picked is null then
    return null;
  end if;
  if 'picked_up_holes' = any (rules) then
    if jsonb_typeof(picked) <> 'array' then
      return 'the holes you picked up must be a list of hole numbers';
    end if;
    select p.value into bad
      from jsonb_array_elements(picked) with ordinality as p (value, place)
      where not private.is_number_between(p.value, first_hole, first_hole + holes - 1)
      order by p.place
      limit 1;
    if found then
      return format(
        'you picked up on hole %s, which this round does not have (holes %s to %s)',
        bad.value, first_hole, first_hole + holes - 1
      );
    end if;
    select n.number into bad
      from (
        select case when jsonb_typeof(p.value) = 'number' then p.value::numeric end as number
        from jsonb_array_elements(picked) as p (value)
      ) as n
      group by n.number
      having count(*) > 1
      order by 1
      limit 1;
    if found then
      return format('hole %s is picked up more than once', bad.number);
    end if;
  end if;
  if 'picked_up_scores' = any (rules)
    and jsonb_typeof(picked) = 'array'
    and cardinality(hole_pars) = holes
    and cardinality(stroke_indexes) = holes
    and cardinality(hole_strokes) = holes
  then
    for hole in
      select h.number, h.strokes, h.strokes - h.par - 2 as received, h.rank
      from (
        select
          o.at + first_hole - 1 as number,
          hole_strokes[o.at] as strokes,
          hole_pars[o.at] as par,
          row_number() over (order by o.stroke_index, o.at) as rank
        from unnest(stroke_indexes) with ordinality as o (stroke_index, at)
      ) as h
      where exists (
        select 1 from jsonb_array_elements(picked) as p (value)
        where case when jsonb_typeof(p.value) = 'number' then p.value::numeric = h.number end
      )
      order by h.number
    loop
      -- A 1 or a 20 may be net double bogey held to the card's bounds: open at that end.
      lowest := greatest(
        lowest, case when hole.strokes > 1 then (hole.received - 1) * holes + hole.rank end
      );
      highest := least(
        highest, case when hole.strokes < 20 then hole.received * holes + hole.rank - 1 end
      );
      if lowest > highest then
        return format(
          'hole %s was picked up: it must be scored at net double bogey, off the same course '
            || 'handicap as the other holes you picked up',
          hole.number
        );
      end if;
    end loop;
  end if;
  return null;
end;
$$;

comment on function private.broken_pick_up_rule(text[], jsonb, integer, text, integer[], integer[], integer[]) is
  'The first rule the holes the golfer picked up (game -> picked_up) break (of `rules`, or every rule when null), in the golfer''s words with the hole number, or null: hole numbers of the round, each once, each scored at net double bogey off one course handicap.';

grant execute on function
  private.broken_pick_up_rule(text[], jsonb, integer, text, integer[], integer[], integer[])
  to authenticated, service_role;
