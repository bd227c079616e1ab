-- Every conversation can reach a person (docs/assistant.md#the-loop): DENTY's hand-off is a request of
-- its own type with the transcript the visitor chose to send; votes on replies and the count of replies
-- by kind keep no personal data; the team's weekly digest goes out through the mail queue.

-- 1. The hand-off: a contact request of type 'handoff', its name optional, with its transcript.
alter table public.contact_requests drop constraint if exists contact_requests_type_check;
alter table public.contact_requests add constraint contact_requests_type_check
  check (type in ('contact', 'tester', 'handoff'));
alter table public.contact_requests alter column full_name drop not null;
alter table public.contact_requests add column if not exists transcript jsonb;
do $$
begin
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'contact_requests_named') then
    alter table public.contact_requests add constraint contact_requests_named
      check (type = 'handoff' or full_name is not null);
  end if;
  -- The visitor's and DENTY's messages, never a file's bytes: at most 40 of them, 100 kB of JSON.
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'contact_requests_transcript') then
    alter table public.contact_requests add constraint contact_requests_transcript check (
      transcript is null or (
        type = 'handoff' and pg_catalog.jsonb_typeof(transcript) = 'array'
        and pg_catalog.jsonb_array_length(transcript) <= 40
        and pg_catalog.octet_length(transcript::text) <= 100000
      )
    );
  end if;
end
$$;

create or replace function public.submit_contact_request(
  p_request jsonb,
  p_idempotency_key text default null,
  p_client_key text default null,
  p_rate_limit integer default null,
  p_rate_window_seconds integer default null,
  p_send_mails boolean default true
) returns table (outcome text, request_id text, retry_after_seconds integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_new public.contact_requests%rowtype;
  v_old public.contact_requests%rowtype;
  v_unknown text;
  v_wait integer;
  v_id bigint;
begin
  if p_request is null or pg_catalog.jsonb_typeof(p_request) <> 'object' then
    raise exception using errcode = '22023', message = 'Demande attendue : un objet JSON.';
  end if;
  select string_agg(k, ', ') into v_unknown
  from pg_catalog.jsonb_object_keys(p_request) k
  where k <> all (array['type', 'full_name', 'email', 'company', 'phone', 'subject', 'message', 'city',
                        'profession', 'team_size', 'transcript', 'created_at']);
  if v_unknown is not null then
    raise exception using errcode = '22023', message = 'Champ inconnu : ' || v_unknown || '.';
  end if;
  v_new.type := p_request->>'type';
  v_new.full_name := p_request->>'full_name';
  v_new.email := p_request->>'email';
  v_new.company := p_request->>'company';
  v_new.phone := p_request->>'phone';
  v_new.subject := p_request->>'subject';
  v_new.message := p_request->>'message';
  v_new.city := p_request->>'city';
  v_new.profession := p_request->>'profession';
  v_new.team_size := (p_request->>'team_size')::integer;
  v_new.transcript := case when pg_catalog.jsonb_typeof(p_request->'transcript') = 'null' then null
                           else p_request->'transcript' end;
  v_new.created_at := coalesce((p_request->>'created_at')::timestamptz, pg_catalog.now());

  if p_idempotency_key is not null then
    if p_idempotency_key !~ '^[A-Za-z0-9_-]{8,100}$' then
      raise exception using errcode = '22023',
        message = 'Idempotency-Key invalide (8 à 100 caractères : lettres, chiffres, - et _).';
    end if;
    -- Same key, one at a time: the second caller sees the first one's row once it is committed.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('contact_requests:' || p_idempotency_key, 0));
    select * into v_old from public.contact_requests r where r.idempotency_key = p_idempotency_key;
    if found then
      if (v_old.type, v_old.full_name, v_old.email, v_old.company, v_old.phone, v_old.subject, v_old.message,
          v_old.city, v_old.profession, v_old.team_size, v_old.transcript)
         is not distinct from
         (v_new.type, v_new.full_name, v_new.email, v_new.company, v_new.phone, v_new.subject, v_new.message,
          v_new.city, v_new.profession, v_new.team_size, v_new.transcript) then
        return query select 'duplicate'::text, v_old.id::text, null::integer;
      else
        return query select 'conflict'::text, null::text, null::integer;
      end if;
      return;
    end if;
  end if;

  v_wait := public.take_rate_token('contact', p_client_key, p_rate_limit, p_rate_window_seconds);
  if v_wait > 0 then
    return query select 'rate_limited'::text, null::text, v_wait;
    return;
  end if;

  insert into public.contact_requests (type, full_name, email, company, phone, subject, message, city, profession,
                                       team_size, transcript, created_at, idempotency_key, mail_status)
  values (v_new.type, v_new.full_name, v_new.email, v_new.company, v_new.phone, v_new.subject, v_new.message,
          v_new.city, v_new.profession, v_new.team_size, v_new.transcript, v_new.created_at, p_idempotency_key,
          case when p_send_mails then 'pending' else 'skipped' end)
  returning id into v_id;
  if p_send_mails then
    insert into public.mail_outbox (kind, contact_request_id) values ('contact_team', v_id), ('contact_ack', v_id);
  end if;
  return query select 'stored'::text, v_id::text, null::integer;
end
$$;

-- 2. A vote on one reply: « Utile » or « Pas utile », changeable, with the question, what DENTY said and
-- where it read it. Nothing personal: no address, no conversation, no client.
create table if not exists public.assistant_votes (
  reply_id text primary key check (reply_id ~ '^[A-Za-z0-9_-]{1,100}$'),
  vote text not null check (vote in ('up', 'down')),
  question text not null check (char_length(btrim(question)) between 1 and 4000),
  reply text not null check (char_length(reply) <= 4000),
  reply_kind text not null check (reply_kind in ('answer', 'unsure', 'not-found', 'handoff', 'medical', 'social', 'notice')),
  page text check (char_length(page) <= 300 and page ~ '^/'),
  section text check (char_length(section) <= 120),
  voted_at timestamptz not null default now(),
  constraint assistant_votes_clean check (
    not public.has_control_characters(question, true) and not public.has_control_characters(reply, true)
    and not public.has_control_characters(page) and not public.has_control_characters(section)
  )
);
create index if not exists assistant_votes_voted_at on public.assistant_votes (voted_at desc);

create or replace function public.record_assistant_vote(
  p_vote jsonb,
  p_client_key text default null,
  p_rate_limit integer default null,
  p_rate_window_seconds integer default null
) returns table (outcome text, retry_after_seconds integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_wait integer;
begin
  if p_vote is null or pg_catalog.jsonb_typeof(p_vote) <> 'object' then
    raise exception using errcode = '22023', message = 'Avis attendu : un objet JSON.';
  end if;
  v_wait := public.take_rate_token('vote', p_client_key, p_rate_limit, p_rate_window_seconds);
  if v_wait > 0 then
    return query select 'rate_limited'::text, v_wait;
    return;
  end if;
  insert into public.assistant_votes as v (reply_id, vote, question, reply, reply_kind, page, section)
  values (p_vote->>'reply_id', p_vote->>'vote', p_vote->>'question', coalesce(p_vote->>'reply', ''),
          p_vote->>'reply_kind', p_vote->>'page', p_vote->>'section')
  on conflict (reply_id) do update set vote = excluded.vote, voted_at = pg_catalog.now();
  return query select 'stored'::text, null::integer;
end
$$;

-- 3. How many replies of each kind DENTY gave each day (Paris time): counts only, for the digest.
create table if not exists public.assistant_reply_counts (
  day date not null,
  kind text not null check (kind in ('answer', 'unsure', 'not-found', 'handoff', 'medical', 'social', 'notice')),
  replies integer not null default 0 check (replies >= 0),
  primary key (day, kind)
);

create or replace function public.count_assistant_reply(p_kind text) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into public.assistant_reply_counts as c (day, kind, replies)
  values ((pg_catalog.now() at time zone 'Europe/Paris')::date, p_kind, 1)
  on conflict (day, kind) do update set replies = c.replies + 1
$$;

-- 4. Questions an editor dismissed from « Questions à apprendre » (spam, a test): by their folded key.
create table if not exists public.assistant_dismissed_questions (
  question_key text primary key check (char_length(question_key) between 1 and 4000),
  dismissed_at timestamptz not null default now()
);

-- 5. The team's digest: one per period, written once, sent through the mail queue. `body` is the mail's
-- text and its CSV tables, as JSON (backend/assistant/digest.ts): counts and questions, nothing personal.
create table if not exists public.assistant_digests (
  id bigint generated always as identity primary key,
  period_start date not null,
  period_end date not null,
  body text not null check (char_length(body) <= 100000),
  created_at timestamptz not null default now(),
  constraint assistant_digests_period unique (period_start, period_end),
  constraint assistant_digests_order check (period_start <= period_end)
);

alter table public.mail_outbox add column if not exists digest_id bigint
  references public.assistant_digests (id) on delete cascade;
alter table public.mail_outbox drop constraint if exists mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('contact_team', 'contact_ack', 'assistant_team', 'team_digest'));
alter table public.mail_outbox drop constraint if exists mail_outbox_one_source;
alter table public.mail_outbox add constraint mail_outbox_one_source
  check (num_nonnulls(contact_request_id, assistant_message_id, digest_id) = 1);
do $$
begin
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'mail_outbox_digest_once') then
    alter table public.mail_outbox add constraint mail_outbox_digest_once unique (kind, digest_id);
  end if;
end
$$;

-- Queues the digest of a period once, whichever worker gets there first: true when this call queued it.
create or replace function public.queue_digest(p_start date, p_end date, p_body text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_id bigint;
begin
  insert into public.assistant_digests (period_start, period_end, body) values (p_start, p_end, p_body)
  on conflict on constraint assistant_digests_period do nothing
  returning id into v_id;
  if v_id is null then
    return false;
  end if;
  insert into public.mail_outbox (kind, digest_id) values ('team_digest', v_id);
  return true;
end
$$;

create or replace function public.claim_pending_mails(p_limit integer, p_lease_seconds integer default 300)
returns table (id text, kind text, lock_token uuid, attempts integer, payload jsonb)
language sql volatile security definer set search_path = ''
as $$
  with picked as (
    select o.id
    from public.mail_outbox o
    where o.status = 'pending'
      and o.next_attempt_at <= pg_catalog.now()
      and (o.locked_until is null or o.locked_until <= pg_catalog.now())
    order by o.next_attempt_at, o.id
    limit greatest(0, least(p_limit, 100))
    for update skip locked
  ), claimed as (
    update public.mail_outbox o
    set locked_until = pg_catalog.now() + pg_catalog.make_interval(secs => greatest(p_lease_seconds, 10)),
        lock_token = pg_catalog.gen_random_uuid(),
        attempts = o.attempts + 1
    from picked
    where o.id = picked.id
    returning o.id, o.kind, o.lock_token, o.attempts, o.contact_request_id, o.assistant_message_id, o.digest_id
  )
  select c.id::text, c.kind, c.lock_token, c.attempts,
         coalesce(
           (select pg_catalog.jsonb_build_object(
              'id', r.id::text, 'type', r.type, 'full_name', r.full_name, 'email', r.email,
              'company', r.company, 'phone', r.phone, 'subject', r.subject, 'message', r.message,
              'city', r.city, 'profession', r.profession, 'team_size', r.team_size,
              'transcript', r.transcript, 'created_at', r.created_at, 'received_at', r.received_at)
            from public.contact_requests r where r.id = c.contact_request_id),
           (select pg_catalog.jsonb_build_object(
              'id', m.id::text, 'kind', m.kind, 'conversation_id', m.conversation_id,
              'message_id', m.message_id, 'text', m.text, 'voice_url', m.voice_url,
              'voice_duration', m.voice_duration, 'files', m.files, 'received_at', m.received_at)
            from public.assistant_messages m where m.id = c.assistant_message_id),
           (select pg_catalog.jsonb_build_object(
              'id', d.id::text, 'period_start', d.period_start, 'period_end', d.period_end, 'body', d.body)
            from public.assistant_digests d where d.id = c.digest_id)
         )
  from claimed c
  order by c.id
$$;

-- 6. Kept for a time: votes and dismissals as long as visitors' messages, the counts 13 months, the
-- digests a year (the retention worker, with the uploads': backend/assistant/retention.ts).
create or replace function public.prune_assistant_feedback(p_retention_days integer)
returns table (kind text, removed integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_votes integer;
  v_dismissed integer;
  v_counts integer;
  v_digests integer;
begin
  if p_retention_days is null or p_retention_days < 1 then
    raise exception using errcode = '22023', message = 'Durée de conservation invalide.';
  end if;
  delete from public.assistant_votes v
  where v.voted_at < pg_catalog.now() - pg_catalog.make_interval(days => p_retention_days);
  get diagnostics v_votes = row_count;
  delete from public.assistant_dismissed_questions q
  where q.dismissed_at < pg_catalog.now() - pg_catalog.make_interval(days => p_retention_days);
  get diagnostics v_dismissed = row_count;
  delete from public.assistant_reply_counts c where c.day < (pg_catalog.now() - interval '13 months')::date;
  get diagnostics v_counts = row_count;
  delete from public.assistant_digests d where d.created_at < pg_catalog.now() - interval '1 year';
  get diagnostics v_digests = row_count;
  return query values ('vote'::text, v_votes), ('dismissed', v_dismissed), ('count', v_counts), ('digest', v_digests);
end
$$;

alter table public.assistant_votes enable row level security;
alter table public.assistant_reply_counts enable row level security;
alter table public.assistant_dismissed_questions enable row level security;
alter table public.assistant_digests enable row level security;
revoke all on table public.assistant_votes, public.assistant_reply_counts, public.assistant_dismissed_questions,
  public.assistant_digests from anon, authenticated;
revoke all on function public.record_assistant_vote(jsonb, text, integer, integer) from public, anon, authenticated;
revoke all on function public.count_assistant_reply(text) from public, anon, authenticated;
revoke all on function public.queue_digest(date, date, text) from public, anon, authenticated;
revoke all on function public.prune_assistant_feedback(integer) from public, anon, authenticated;
grant execute on function public.record_assistant_vote(jsonb, text, integer, integer) to service_role;
grant execute on function public.count_assistant_reply(text) to service_role;
grant execute on function public.queue_digest(date, date, text) to service_role;
grant execute on function public.prune_assistant_feedback(integer) to service_role;
