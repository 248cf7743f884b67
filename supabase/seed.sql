-- A demo golfer for trying the app straight after `npm start`: sign in as demo@hcpfast.test with
-- the password demo-golfer. Three courses and eight rounds, enough for a handicap index (the mean
-- of the lowest two differentials). Safe to run again: every insert skips rows that exist.

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
insert into public.rounds (id, user_id, course_id, score, created_at)
values
  ('01KKPFFY60EKTVY5M9PSGQ6WXS', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 92, '2026-03-14 15:30:00+00'),
  ('01KMTCFGP0SB15K3R6K6CKYEAT', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 86, '2026-03-28 14:10:00+00'),
  ('01KNYCKSV0B07R88GX3EXKSEKV', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 97, '2026-04-11 13:45:00+00'),
  ('01KQ2Q1NW0W4KM9C6G4AA0TJWA', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 89, '2026-04-25 16:20:00+00'),
  ('01KR6353701KW35EZCMXNEDTVF', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 84, '2026-05-09 10:05:00+00'),
  ('01KSAA53M0XZ1PKFQSAEFHAVXX', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA44T09SGNX6N8JJB8J0ZP', 94, '2026-05-23 11:40:00+00'),
  ('01KTER0V904X1E0YJCM01TEZVM', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA0FM0DR7XMSAXXT7A45GB', 88, '2026-06-06 15:15:00+00'),
  ('01KVJ6ZTA00MCDYVNVKG5257AY', '6d3f0c1e-2b4a-4c8e-9f57-0a1b2c3d4e5f', '01KJMA2A70QD72T65FFZADHVM4', 90, '2026-06-20 09:50:00+00')
on conflict do nothing;
