-- A demo golfer for trying the app straight after `npm start`: sign in as demo@hcpfast.test with
-- the password demo-golfer. Three courses and thirty rounds over the past year, enough for the
-- spec's index and the WHS estimate to differ. Safe to run again: every insert skips rows that exist.

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at
)
values (
  '00000000-0000-0000-0000-000000000000',
  '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f',
  'authenticated',
  'authenticated',
  'demo@hcpfast.test',
  extensions.crypt('demo-golfer', extensions.gen_salt('bf', 10)),
  '2026-03-01 08:55:00+00',
  -- GoTrue scans these token columns into plain strings, so they must be '' rather than null.
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}',
  '{"sub": "6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f", "email": "demo@hcpfast.test", "email_verified": true, "phone_verified": false}',
  '2026-03-01 08:55:00+00',
  '2026-03-01 08:55:00+00'
)
on conflict do nothing;

insert into auth.identities (
  provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
)
values (
  '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f',
  '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f',
  '{"sub": "6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f", "email": "demo@hcpfast.test", "email_verified": false, "phone_verified": false}',
  'email',
  '2026-03-01 08:55:00+00',
  '2026-03-01 08:55:00+00',
  '2026-03-01 08:55:00+00'
)
on conflict do nothing;

insert into public.courses (id, user_id, name, rating, slope, created_at)
values
  ('01KJMA0FM0DR7XMSAXXT7A45GB', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', 'Hawthorn Ridge', 71.8, 128, '2026-03-01 09:00:00+00'),
  ('01KJMA2A70QD72T65FFZADHVM4', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', 'Saltmarsh Links', 69.4, 118, '2026-03-01 09:01:00+00'),
  ('01KJMA44T09SGNX6N8JJB8J0ZP', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', 'Cedar Hollow', 73.6, 139, '2026-03-01 09:02:00+00')
on conflict do nothing;

-- The course copies (name, rating, slope) are filled in by the rounds trigger from course_id.
-- Thirty rounds over the past year, dated from the day the seed runs, so a newcomer's first look
-- shows the spec's index (all rounds: 9.2) and the WHS estimate (the latest 20: 11.4) differing,
-- with an exceptional round and the soft cap explained: a good winter set the year's low at 7.0,
-- and the slump since would calculate to 12.8, 5.8 above it, so the rise above 3.0 is halved.
-- tests/db/seed.test.ts works these figures out by hand.
insert into public.rounds (id, user_id, course_id, score, played_on, created_at)
values
  -- Winter: a 9-ish golfer (after 3 rounds: lowest 9.0 − 2.0 = 7.0, the year's low).
  ('01KBAME8C03XWBZHMWEVJ3DC4M', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 82, current_date - 360, (current_date - 360) + time '15:00'),
  ('01KBZ7M0C06G851RSPF9VY8PYZ', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 79, current_date - 352, (current_date - 352) + time '15:00'),
  ('01KCH8D1C0Q1AAFKTYY0XAYETW', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 85, current_date - 345, (current_date - 345) + time '15:00'),
  ('01KD3962C072JTWJGZT5SFBBCF', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 81, current_date - 338, (current_date - 338) + time '15:00'),
  ('01KDQWBTC0VF796E3DXQQRE906', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 80, current_date - 330, (current_date - 330) + time '15:00'),
  ('01KECFHJC01N5F4TQH0B1WCRTR', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 86, current_date - 322, (current_date - 322) + time '15:00'),
  -- Spring and summer: a slump, the differentials climbing to 14–18.
  ('01KG549CC0N4QRQWW0VRR1E8B8', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 88, current_date - 300, (current_date - 300) + time '15:00'),
  ('01KGYW8JC06P595TYC0XKB3CK2', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 84, current_date - 290, (current_date - 290) + time '15:00'),
  ('01KHRM7RC0SXR3F3WTWM4FFZW1', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 91, current_date - 280, (current_date - 280) + time '15:00'),
  ('01KJJC6YC0EDFMBQE8HV1X2C1P', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 87, current_date - 270, (current_date - 270) + time '15:00'),
  ('01KKH8ZJC0ZW0SSNBAN47JETJ6', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 85, current_date - 258, (current_date - 258) + time '15:00'),
  ('01KMG5R6C0GR53HNY7XWZB330Q', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 90, current_date - 246, (current_date - 246) + time '15:00'),
  ('01KNF2GTC0TYSCKBTHMNTWR6BN', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 89, current_date - 234, (current_date - 234) + time '15:00'),
  ('01KPK42WC0YBA8X9YZAZZNN0ZW', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 86, current_date - 220, (current_date - 220) + time '15:00'),
  ('01KQSR1NC0FZS5K8C28AD0SQRJ', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 89, current_date - 205, (current_date - 205) + time '15:00'),
  ('01KS0C0EC03MG5G7RQKBD1FPB0', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 87, current_date - 190, (current_date - 190) + time '15:00'),
  ('01KT4DJGC0JSWHXVAD5ADHCYZV', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 93, current_date - 176, (current_date - 176) + time '15:00'),
  ('01KV8F4JC00TKGWEJXABTB6YJD', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 90, current_date - 162, (current_date - 162) + time '15:00'),
  ('01KW7BX6C0KRCSQM9HTQQTF5NP', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 88, current_date - 150, (current_date - 150) + time '15:00'),
  ('01KXBDF8C0WX6T3V6ZDRRQ5YTP', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 93, current_date - 136, (current_date - 136) + time '15:00'),
  ('01KYFF1AC0HERAYDAS29CSNZEF', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 91, current_date - 122, (current_date - 122) + time '15:00'),
  ('01KZKGKCC0DFTAJDG5X1QH14WQ', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 86, current_date - 108, (current_date - 108) + time '15:00'),
  ('01M0QJ5EC0MZ3W7BBBA6YXZEAY', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 94, current_date - 94, (current_date - 94) + time '15:00'),
  ('01M1VKQGC0V6FG3XAYZRT42KNX', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 92, current_date - 80, (current_date - 80) + time '15:00'),
  ('01M2ZN9JC031QP203ZY99T1AYF', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 86, current_date - 66, (current_date - 66) + time '15:00'),
  ('01M43PVMC0D51ADYCMPS1FFNXX', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 95, current_date - 52, (current_date - 52) + time '15:00'),
  -- 38 days ago: 74 at Saltmarsh, a differential of 4.4, 7.6 below the 12.0 in effect: exceptional (1.0 off it and the 19 before it).
  ('01M57RDPC0MZJXJM8FHM57Q8JC', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 74, current_date - 38, (current_date - 38) + time '15:00'),
  -- The latest rounds: the slump goes on.
  ('01M6BSZRC002DFZFV4QE8ZQR7S', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 90, current_date - 24, (current_date - 24) + time '15:00'),
  ('01M7FVHTC05A15PEBSPRZMVDXD', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 93, current_date - 10, (current_date - 10) + time '15:00'),
  ('01M81WAVC03Q2Y69YWN54K5KAK', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 87, current_date - 3, (current_date - 3) + time '15:00')
on conflict do nothing;

-- The directory's examples: the demo golfer's fictional courses, published (as publish_course
-- would, without its daily count) and marked is_example, so that "Find a course" has something to
-- find straight after `npm start`. Each has one 18-hole tee with its holes, ready to score.
insert into public.directory_courses
  (id, published_by, source_course_id, name, rating, slope, par, is_example, published_at, search_name)
select d.id, c.user_id, c.id, c.name, c.rating, c.slope, 72, true, '2026-03-01 09:05:00+00', ''
from (
  values
    ('01KJMA6ZA0X4D6ZVR8Y0NEX0A1', '01KJMA0FM0DR7XMSAXXT7A45GB'),
    ('01KJMA6ZA0X4D6ZVR8Y0NEX0A2', '01KJMA2A70QD72T65FFZADHVM4'),
    ('01KJMA6ZA0X4D6ZVR8Y0NEX0A3', '01KJMA44T09SGNX6N8JJB8J0ZP')
) as d (id, course_id)
join public.courses as c on c.id = d.course_id
on conflict do nothing;

insert into public.directory_tees
  (directory_course_id, position, name, course_rating, slope_rating, par, holes, hole_pars, stroke_indexes)
select d.id, 1, 'Default', d.rating, d.slope, 72, 18,
  '{4,4,3,5,4,4,3,4,5,4,3,4,5,4,4,3,5,4}', '{7,3,15,1,11,9,17,5,13,8,16,2,10,14,4,18,6,12}'
from public.directory_courses as d
where d.is_example
on conflict do nothing;
