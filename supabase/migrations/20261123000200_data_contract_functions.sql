-- The data contract (docs/decisions/0022-postgres-is-the-contract.md): what must hold in production,
-- written once, in Postgres. The embedded server (PGlite, or PostgreSQL with DATABASE_URL) and the
-- Supabase edge functions call these functions and nothing else to write. Each is security definer
-- with an empty search_path (every name is qualified), and only service_role may execute the ones the
-- backends call: visitors cannot reach them through the API with the public key.
--
-- Outcomes are words, not errors: 'stored', 'duplicate', 'conflict', 'rate_limited'. A value that
-- breaks a rule raises an error with SQLSTATE 22023 (invalid parameter) or 23514 (check violation).

-- One token bucket per (bucket, client): `p_limit` requests at once, refilled evenly over
-- `p_window_seconds`. Returns 0 when the request may go on (a token is taken), else the seconds to
-- wait. A null limit means no limit. The row lock makes concurrent callers, from any number of
-- servers, count one after the other.
create or replace function public.take_rate_token(
  p_bucket text,
  p_client_key text,
  p_limit integer,
  p_window_seconds integer
) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_hash text := pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_client_key, ''), 'UTF8')), 'hex');
  v_rate double precision;
  v_tokens double precision;
  v_updated timestamptz;
  v_now timestamptz;
  v_allowed boolean;
begin
  if p_limit is null or p_window_seconds is null then
    return 0;
  end if;
  if p_limit < 1 or p_window_seconds < 1 then
    raise exception using errcode = '22023',
      message = 'Limite de débit invalide : au moins 1 requête sur au moins 1 seconde.';
  end if;
  v_rate := p_limit::double precision / p_window_seconds;
  insert into public.rate_limits (bucket, client_hash, tokens, updated_at, full_at)
  values (p_bucket, v_hash, p_limit, pg_catalog.clock_timestamp(), pg_catalog.clock_timestamp())
  on conflict (bucket, client_hash) do nothing;
  select r.tokens, r.updated_at into v_tokens, v_updated
  from public.rate_limits r
  where r.bucket = p_bucket and r.client_hash = v_hash
  for update;
  -- Read after the lock: a caller that waited sees the time after the one it waited for.
  v_now := pg_catalog.clock_timestamp();
  v_tokens := least(p_limit::double precision,
    v_tokens + greatest(0, extract(epoch from (v_now - v_updated))::double precision) * v_rate);
  v_allowed := v_tokens >= 1;
  if v_allowed then
    v_tokens := v_tokens - 1;
  end if;
  update public.rate_limits r
  set tokens = v_tokens,
      updated_at = v_now,
      full_at = v_now + pg_catalog.make_interval(secs => (p_limit - v_tokens) / v_rate)
  where r.bucket = p_bucket and r.client_hash = v_hash;
  if v_allowed then
    return 0;
  end if;
  return greatest(1, ceil((1 - v_tokens) / v_rate)::integer);
end
$$;

-- Forgets the clients whose bucket is full again (nothing left to remember about them). Called by the
-- mail workers' rounds; returns how many were forgotten.
create or replace function public.prune_rate_limits() returns integer
language sql volatile security definer set search_path = ''
as $$
  with gone as (
    delete from public.rate_limits r where r.full_at <= pg_catalog.clock_timestamp() returning 1
  )
  select count(*)::integer from gone
$$;

-- The one back-off policy of every mail: 1 minute after the first failure, doubling, at most 1 hour;
-- after 10 attempts the mail is given up ('failed', still listed by the inbox).
create or replace function public.mail_retry_delay(p_attempts integer) returns interval
language sql immutable set search_path = ''
as $$
  select least(interval '1 hour', interval '1 minute' * power(2, greatest(0, p_attempts - 1)))
$$;

create or replace function public.mail_max_attempts() returns integer
language sql immutable set search_path = ''
as $$ select 10 $$;

-- Brings a source's mail summary (mail_status, attempts, last error, sent times) up to date with its
-- queued mails, for the dashboard and the inbox.
create or replace function public.refresh_mail_summary(p_contact_request_id bigint, p_assistant_message_id bigint)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_contact_request_id is not null then
    update public.contact_requests r
    set mail_status = s.status,
        mail_attempts = s.attempts,
        mail_last_error = s.last_error,
        team_mail_sent_at = s.team_sent_at,
        ack_mail_sent_at = s.ack_sent_at
    from (
      select count(*) as mails,
             case when bool_and(o.status = 'sent') then 'sent'
                  when bool_or(o.status = 'failed') then 'failed'
                  else 'pending' end as status,
             max(o.attempts) as attempts,
             (array_agg(o.last_error order by o.id) filter (where o.status <> 'sent' and o.last_error is not null))[1] as last_error,
             max(o.sent_at) filter (where o.kind = 'contact_team') as team_sent_at,
             max(o.sent_at) filter (where o.kind = 'contact_ack') as ack_sent_at
      from public.mail_outbox o
      where o.contact_request_id = p_contact_request_id
    ) s
    where r.id = p_contact_request_id and s.mails > 0;
  end if;
  if p_assistant_message_id is not null then
    update public.assistant_messages m
    set mail_status = o.status,
        mail_attempts = o.attempts,
        mail_last_error = case when o.status = 'sent' then null else o.last_error end,
        mail_sent_at = o.sent_at
    from public.mail_outbox o
    where m.id = p_assistant_message_id and o.assistant_message_id = m.id and o.kind = 'assistant_team';
  end if;
end
$$;

-- Hands at most `p_limit` due mails to one worker, each under a lease of `p_lease_seconds` and a fresh
-- token: rows another worker holds are skipped (skip locked), and a claimed row is not due again until
-- its lease ends, so two workers never send the same mail. The lease only ends early for a worker
-- that died mid-send: its mail is then sent again (at least once, never lost). `payload` is what the
-- mail is written from: the request or the assistant message, as JSON.
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
    returning o.id, o.kind, o.lock_token, o.attempts, o.contact_request_id, o.assistant_message_id
  )
  select c.id::text, c.kind, c.lock_token, c.attempts,
         coalesce(
           (select pg_catalog.jsonb_build_object(
              'id', r.id::text, 'type', r.type, 'full_name', r.full_name, 'email', r.email,
              'company', r.company, 'phone', r.phone, 'subject', r.subject, 'message', r.message,
              'city', r.city, 'profession', r.profession, 'team_size', r.team_size,
              'created_at', r.created_at, 'received_at', r.received_at)
            from public.contact_requests r where r.id = c.contact_request_id),
           (select pg_catalog.jsonb_build_object(
              'id', m.id::text, 'kind', m.kind, 'conversation_id', m.conversation_id,
              'message_id', m.message_id, 'text', m.text, 'voice_url', m.voice_url,
              'voice_duration', m.voice_duration, 'files', m.files, 'received_at', m.received_at)
            from public.assistant_messages m where m.id = c.assistant_message_id)
         )
  from claimed c
  order by c.id
$$;

-- The worker holding `p_lock_token` sent the mail. False when it no longer holds it (its lease ended
-- and another worker took the mail): nothing is changed then.
create or replace function public.mark_mail_sent(p_id bigint, p_lock_token uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_row public.mail_outbox%rowtype;
begin
  update public.mail_outbox o
  set status = 'sent', sent_at = pg_catalog.now(), locked_until = null, lock_token = null, last_error = null
  where o.id = p_id and o.lock_token = p_lock_token and o.status = 'pending'
  returning * into v_row;
  if not found then
    return false;
  end if;
  perform public.refresh_mail_summary(v_row.contact_request_id, v_row.assistant_message_id);
  return true;
end
$$;

-- The worker holding `p_lock_token` could not send the mail: it is due again after
-- public.mail_retry_delay(attempts), or given up after public.mail_max_attempts().
create or replace function public.mark_mail_failed(p_id bigint, p_lock_token uuid, p_error text)
returns table (status text, attempts integer, next_attempt_at timestamptz)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_row public.mail_outbox%rowtype;
begin
  update public.mail_outbox o
  set status = case when o.attempts >= public.mail_max_attempts() then 'failed' else 'pending' end,
      next_attempt_at = pg_catalog.now() + public.mail_retry_delay(o.attempts),
      locked_until = null,
      lock_token = null,
      last_error = left(coalesce(p_error, 'erreur inconnue'), 500)
  where o.id = p_id and o.lock_token = p_lock_token and o.status = 'pending'
  returning * into v_row;
  if not found then
    return;
  end if;
  perform public.refresh_mail_summary(v_row.contact_request_id, v_row.assistant_message_id);
  return query select v_row.status, v_row.attempts, v_row.next_attempt_at;
end
$$;

-- A contact or tester request (docs/requirements.md#contact-backend), all in one transaction:
--  1. With an Idempotency-Key already stored: 'duplicate' when the request is the same (created_at
--     aside: the widget stamps each attempt), 'conflict' when it differs (the answer is 422). No token
--     is taken: a retry is not a new request.
--  2. The client's rate limit: 'rate_limited' with the seconds to wait.
--  3. The row, its lengths checked by the table, and its two mails queued when p_send_mails
--     (else mail_status 'skipped'): 'stored'.
-- p_request holds the columns of public.contact_requests: type, full_name, email, company, phone,
-- subject, message, city, profession, team_size, created_at. Any other key is refused.
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
                        'profession', 'team_size', 'created_at']);
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
          v_old.city, v_old.profession, v_old.team_size)
         is not distinct from
         (v_new.type, v_new.full_name, v_new.email, v_new.company, v_new.phone, v_new.subject, v_new.message,
          v_new.city, v_new.profession, v_new.team_size) then
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
                                       team_size, created_at, idempotency_key, mail_status)
  values (v_new.type, v_new.full_name, v_new.email, v_new.company, v_new.phone, v_new.subject, v_new.message,
          v_new.city, v_new.profession, v_new.team_size, v_new.created_at, p_idempotency_key,
          case when p_send_mails then 'pending' else 'skipped' end)
  returning id into v_id;
  if p_send_mails then
    insert into public.mail_outbox (kind, contact_request_id) values ('contact_team', v_id), ('contact_ack', v_id);
  end if;
  return query select 'stored'::text, v_id::text, null::integer;
end
$$;

-- A proof of a cookie choice (docs/requirements.md#consent-proof), under the client's rate limit:
-- 'stored', or 'rate_limited' with the seconds to wait. Nothing personal is accepted: the columns are
-- the choice, the policy version and the time.
create or replace function public.record_consent_proof(
  p_consent_id uuid,
  p_analytics boolean,
  p_marketing boolean,
  p_policy_version text,
  p_chosen_at timestamptz,
  p_client_key text default null,
  p_rate_limit integer default null,
  p_rate_window_seconds integer default null
) returns table (outcome text, retry_after_seconds integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_wait integer;
begin
  if p_consent_id is null or p_analytics is null or p_marketing is null or p_chosen_at is null
     or p_policy_version is null or p_policy_version !~ '^[A-Za-z0-9_.-]{1,40}$' then
    raise exception using errcode = '22023', message = 'Preuve de consentement incomplète ou invalide.';
  end if;
  v_wait := public.take_rate_token('consent', p_client_key, p_rate_limit, p_rate_window_seconds);
  if v_wait > 0 then
    return query select 'rate_limited'::text, v_wait;
    return;
  end if;
  insert into public.consent_proofs (consent_id, analytics, marketing, policy_version, chosen_at)
  values (p_consent_id, p_analytics, p_marketing, p_policy_version, p_chosen_at);
  return query select 'stored'::text, null::integer;
end
$$;

-- What a visitor leaves with the assistant for the team: an idea, a question it could not answer, a
-- voice note (docs/requirements.md#assistant-answers). Stored once per message_id: the same message
-- again is a 'duplicate', another message under the same id a 'conflict'. The team mail is queued when
-- p_send_mails (else mail_status 'skipped'). p_files is a JSON array of { filename, type, url }.
create or replace function public.record_assistant_message(
  p_kind text,
  p_conversation_id text,
  p_message_id text,
  p_text text default null,
  p_voice_url text default null,
  p_voice_duration real default null,
  p_files jsonb default '[]'::jsonb,
  p_send_mails boolean default true
) returns table (outcome text, message_ref text)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_old public.assistant_messages%rowtype;
  v_files jsonb := coalesce(p_files, '[]'::jsonb);
  v_text text := nullif(btrim(p_text), '');
  v_id bigint;
begin
  if p_message_id is null or p_conversation_id is null then
    raise exception using errcode = '22023', message = 'Message sans identifiant ou sans conversation.';
  end if;
  if pg_catalog.jsonb_typeof(v_files) <> 'array' or exists (
    select 1 from pg_catalog.jsonb_array_elements(v_files) f
    where pg_catalog.jsonb_typeof(f) <> 'object'
       or pg_catalog.jsonb_typeof(f->'filename') is distinct from 'string'
       or pg_catalog.jsonb_typeof(f->'type') is distinct from 'string'
       or pg_catalog.jsonb_typeof(f->'url') is distinct from 'string'
       or char_length(f->>'filename') not between 1 and 255
       or char_length(f->>'type') > 255
       or char_length(f->>'url') > 2048
       or f->>'url' !~ '^(https?://|/[^/])'
  ) then
    raise exception using errcode = '22023',
      message = 'Fichiers invalides : une liste de { filename, type, url } est attendue.';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('assistant_messages:' || p_message_id, 0));
  select * into v_old from public.assistant_messages m where m.message_id = p_message_id;
  if found then
    if (v_old.kind, v_old.conversation_id, v_old.text, v_old.voice_url, v_old.files)
       is not distinct from (p_kind, p_conversation_id, v_text, p_voice_url, v_files) then
      return query select 'duplicate'::text, v_old.id::text;
    else
      return query select 'conflict'::text, null::text;
    end if;
    return;
  end if;
  insert into public.assistant_messages (kind, conversation_id, message_id, text, voice_url, voice_duration, files, mail_status)
  values (p_kind, p_conversation_id, p_message_id, v_text, p_voice_url, p_voice_duration, v_files,
          case when p_send_mails then 'pending' else 'skipped' end)
  returning id into v_id;
  if p_send_mails then
    insert into public.mail_outbox (kind, assistant_message_id) values ('assistant_team', v_id);
  end if;
  return query select 'stored'::text, v_id::text;
end
$$;

-- Who may run what. PostgreSQL lets PUBLIC execute new functions, and Supabase grants anon and
-- authenticated the same by default: both are taken back, so the public key cannot call these through
-- the API. The backends (service_role on Supabase, the owner elsewhere) run the contract; the helpers
-- that only the contract itself calls stay with the owner.
revoke all on function public.take_rate_token(text, text, integer, integer) from public, anon, authenticated;
revoke all on function public.prune_rate_limits() from public, anon, authenticated;
revoke all on function public.mail_retry_delay(integer) from public, anon, authenticated;
revoke all on function public.mail_max_attempts() from public, anon, authenticated;
revoke all on function public.refresh_mail_summary(bigint, bigint) from public, anon, authenticated, service_role;
revoke all on function public.claim_pending_mails(integer, integer) from public, anon, authenticated;
revoke all on function public.mark_mail_sent(bigint, uuid) from public, anon, authenticated;
revoke all on function public.mark_mail_failed(bigint, uuid, text) from public, anon, authenticated;
revoke all on function public.submit_contact_request(jsonb, text, text, integer, integer, boolean) from public, anon, authenticated;
revoke all on function public.record_consent_proof(uuid, boolean, boolean, text, timestamptz, text, integer, integer) from public, anon, authenticated;
revoke all on function public.record_assistant_message(text, text, text, text, text, real, jsonb, boolean) from public, anon, authenticated;

grant execute on function public.take_rate_token(text, text, integer, integer) to service_role;
grant execute on function public.prune_rate_limits() to service_role;
grant execute on function public.mail_retry_delay(integer) to service_role;
grant execute on function public.mail_max_attempts() to service_role;
grant execute on function public.claim_pending_mails(integer, integer) to service_role;
grant execute on function public.mark_mail_sent(bigint, uuid) to service_role;
grant execute on function public.mark_mail_failed(bigint, uuid, text) to service_role;
grant execute on function public.submit_contact_request(jsonb, text, text, integer, integer, boolean) to service_role;
grant execute on function public.record_consent_proof(uuid, boolean, boolean, text, timestamptz, text, integer, integer) to service_role;
grant execute on function public.record_assistant_message(text, text, text, text, text, real, jsonb, boolean) to service_role;
