-- Requests sent from the contact and tester forms (docs/requirements.md#contact-send).
-- Applied by the Supabase CLI in production and by the embedded server to PGlite at start.
create table if not exists public.contact_requests (
  id bigint generated always as identity primary key,
  type text not null check (type in ('contact', 'tester')),
  full_name text not null check (char_length(full_name) between 2 and 200),
  email text not null check (char_length(email) <= 254),
  company text,
  phone text,
  subject text check (subject in ('demo', 'support', 'tester', 'autre')),
  message text,
  city text,
  profession text check (profession in ('chirurgien-dentiste', 'assistant', 'coordinateur', 'autre')),
  team_size integer check (team_size between 1 and 50),
  created_at timestamptz not null,
  received_at timestamptz not null default now(),
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skipped', 'failed')),
  mail_attempts integer not null default 0
);

create index if not exists contact_requests_received_at on public.contact_requests (received_at desc);

-- Proof of consent: choices only, never personal data.
create table if not exists public.consent_proofs (
  id bigint generated always as identity primary key,
  consent_id uuid not null,
  analytics boolean not null,
  marketing boolean not null,
  policy_version text not null,
  chosen_at timestamptz not null,
  received_at timestamptz not null default now()
);

-- On Supabase, only the edge function (service role) writes; visitors never read these tables.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    alter table public.contact_requests enable row level security;
    alter table public.consent_proofs enable row level security;
  end if;
end $$;
