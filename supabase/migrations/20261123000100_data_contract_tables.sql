-- The tables of the data contract (docs/decisions/0022-postgres-is-the-contract.md): per-client rate
-- limits, what visitors leave with the assistant, and one mail queue. Written only by the SQL functions
-- of the next migration; visitors (anon, authenticated) can neither read nor write any table.

-- Rate limits, one token bucket per (bucket, client). The client is kept as a SHA-256 of its key (the
-- address), never the address itself, and only until its bucket is full again (`full_at`).
create table if not exists public.rate_limits (
  bucket text not null check (char_length(bucket) between 1 and 40),
  client_hash text not null,
  tokens double precision not null,
  updated_at timestamptz not null,
  full_at timestamptz not null,
  primary key (bucket, client_hash)
);
create index if not exists rate_limits_full_at on public.rate_limits (full_at);

-- What a visitor leaves with the assistant for the team (docs/requirements.md#assistant-answers): an idea,
-- a question it could not answer, a voice note. One row per message, whatever the retries.
create table if not exists public.assistant_messages (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('idea', 'unanswered', 'voice')),
  conversation_id text not null check (char_length(conversation_id) between 1 and 100),
  message_id text not null check (char_length(message_id) between 1 and 100),
  text text check (char_length(text) <= 4000),
  voice_url text check (char_length(voice_url) <= 2048 and voice_url ~ '^(https?://|/[^/])'),
  voice_duration real check (voice_duration between 0 and 3600),
  files jsonb not null default '[]'::jsonb check (jsonb_typeof(files) = 'array' and jsonb_array_length(files) <= 5),
  received_at timestamptz not null default now(),
  mail_status text not null default 'pending' check (mail_status in ('pending', 'sent', 'skipped', 'failed')),
  mail_attempts integer not null default 0,
  mail_last_error text,
  mail_sent_at timestamptz,
  constraint assistant_messages_message_id_key unique (message_id),
  constraint assistant_messages_voice_has_url check (kind <> 'voice' or voice_url is not null),
  constraint assistant_messages_not_empty check (
    char_length(btrim(coalesce(text, ''))) > 0 or voice_url is not null or jsonb_array_length(files) > 0
  )
);
create index if not exists assistant_messages_received_at on public.assistant_messages (received_at desc);

-- Contact requests: the length rules of core/contact/messages.ts, also for what bypasses the handler.
-- NOT VALID: rows stored before were checked by the same rules in code; only new rows are checked here.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'contact_requests_lengths') then
    alter table public.contact_requests add constraint contact_requests_lengths check (
      char_length(company) <= 200 and char_length(phone) <= 40 and char_length(message) <= 5000
      and char_length(city) <= 120 and char_length(idempotency_key) between 8 and 100
    ) not valid;
  end if;
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'consent_proofs_policy_version') then
    alter table public.consent_proofs add constraint consent_proofs_policy_version
      check (policy_version ~ '^[A-Za-z0-9_.-]{1,40}$') not valid;
  end if;
end
$$;

-- The mail queue: one row per mail to send. Workers claim rows (for update skip locked) under a lease
-- and a token, so two workers never send the same mail; a failure is retried with one back-off policy
-- (public.mail_retry_delay). The sources keep a summary for the dashboard and the inbox (mail_status…).
create table if not exists public.mail_outbox (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('contact_team', 'contact_ack', 'assistant_team')),
  contact_request_id bigint references public.contact_requests (id) on delete cascade,
  assistant_message_id bigint references public.assistant_messages (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  lock_token uuid,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint mail_outbox_one_source check (num_nonnulls(contact_request_id, assistant_message_id) = 1),
  constraint mail_outbox_contact_once unique (kind, contact_request_id),
  constraint mail_outbox_assistant_once unique (kind, assistant_message_id)
);
create index if not exists mail_outbox_due on public.mail_outbox (next_attempt_at) where status = 'pending';
create index if not exists mail_outbox_assistant on public.mail_outbox (assistant_message_id);

-- Requests still waiting for a mail move to the queue, for the mails not yet sent; the old retry
-- schedule goes (the queue holds it now).
insert into public.mail_outbox (kind, contact_request_id, attempts, last_error)
select 'contact_team', r.id, r.mail_attempts, r.mail_last_error
from public.contact_requests r
where r.mail_status = 'pending' and r.team_mail_sent_at is null
on conflict do nothing;
insert into public.mail_outbox (kind, contact_request_id, attempts, last_error)
select 'contact_ack', r.id, r.mail_attempts, r.mail_last_error
from public.contact_requests r
where r.mail_status = 'pending' and r.ack_mail_sent_at is null
on conflict do nothing;
drop index if exists public.contact_requests_mail_due;
alter table public.contact_requests drop column if exists mail_next_attempt_at;

-- Row level security on every table, and no table privilege for visitors: only the functions of the
-- next migration (security definer) write, and only the server side reads.
alter table public.contact_requests enable row level security;
alter table public.consent_proofs enable row level security;
alter table public.rate_limits enable row level security;
alter table public.assistant_messages enable row level security;
alter table public.mail_outbox enable row level security;
revoke all on table public.contact_requests, public.consent_proofs, public.rate_limits,
  public.assistant_messages, public.mail_outbox from anon, authenticated;
