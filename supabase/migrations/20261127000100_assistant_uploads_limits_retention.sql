-- Uploads and what visitors leave are bounded (docs/decisions/0060-uploads-streamed-kept-for-a-time.md):
-- * per-client limits held here for every server and isolate, like the contact form's: messages to the
--   assistant, files and bytes uploaded, unknown objects asked for (token buckets of public.rate_limits);
-- * the embedded server's uploads are registered (public.assistant_uploads): a reservation before any byte
--   is read, under the client's quota and a total cap, completed or cancelled once the body is read;
-- * uploads and unanswered questions are kept ASSISTANT_RETENTION_DAYS (90 by default), then deleted by the
--   worker (public.prune_assistant_data), and at most a total number of unanswered questions is kept;
-- * on Supabase, the bucket's insert policy checks the random part of a name as 128 random bits.

-- `p_cost` tokens at once (bytes, for instance), with the algorithm of take_rate_token. A cost above the
-- limit can never be taken: the wait returned is then that of a full bucket.
create or replace function public.take_rate_tokens(
  p_bucket text,
  p_client_key text,
  p_cost double precision,
  p_limit double precision,
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
  if p_limit < 1 or p_window_seconds < 1 or p_cost is null or p_cost < 0 then
    raise exception using errcode = '22023', message = 'Limite de débit ou coût invalide.';
  end if;
  v_rate := p_limit / p_window_seconds;
  insert into public.rate_limits (bucket, client_hash, tokens, updated_at, full_at)
  values (p_bucket, v_hash, p_limit, pg_catalog.clock_timestamp(), pg_catalog.clock_timestamp())
  on conflict (bucket, client_hash) do nothing;
  select r.tokens, r.updated_at into v_tokens, v_updated
  from public.rate_limits r where r.bucket = p_bucket and r.client_hash = v_hash for update;
  v_now := pg_catalog.clock_timestamp();
  v_tokens := least(p_limit, v_tokens + greatest(0, extract(epoch from (v_now - v_updated))::double precision) * v_rate);
  v_allowed := v_tokens >= p_cost;
  if v_allowed then
    v_tokens := v_tokens - p_cost;
  end if;
  update public.rate_limits r
  set tokens = v_tokens, updated_at = v_now,
      full_at = v_now + pg_catalog.make_interval(secs => (p_limit - v_tokens) / v_rate)
  where r.bucket = p_bucket and r.client_hash = v_hash;
  if v_allowed then
    return 0;
  end if;
  return greatest(1, ceil((least(p_cost, p_limit) - v_tokens) / v_rate)::integer);
end
$$;

-- Tokens given back (a reservation larger than what came): never above the limit.
create or replace function public.give_back_rate_tokens(
  p_bucket text,
  p_client_key text,
  p_amount double precision,
  p_limit double precision,
  p_window_seconds integer
) returns void
language sql volatile security definer set search_path = ''
as $$
  update public.rate_limits r
  set tokens = least(p_limit, r.tokens + greatest(0, p_amount)),
      full_at = pg_catalog.clock_timestamp()
        + pg_catalog.make_interval(secs => greatest(0, p_limit - least(p_limit, r.tokens + greatest(0, p_amount)))
          / (p_limit / p_window_seconds))
  where p_limit is not null and p_window_seconds is not null
    and r.bucket = p_bucket
    and r.client_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_client_key, ''), 'UTF8')), 'hex')
$$;

-- Seconds until the client may make one request again (0: now), without taking anything.
create or replace function public.rate_limit_wait(
  p_bucket text,
  p_client_key text,
  p_limit integer,
  p_window_seconds integer
) returns integer
language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select case
      when least(p_limit::double precision, r.tokens + greatest(0, extract(epoch from (pg_catalog.clock_timestamp() - r.updated_at))::double precision)
           * p_limit / p_window_seconds) >= 1 then 0
      else greatest(1, ceil((1 - least(p_limit::double precision, r.tokens + greatest(0, extract(epoch from (pg_catalog.clock_timestamp() - r.updated_at))::double precision)
           * p_limit / p_window_seconds)) / (p_limit::double precision / p_window_seconds))::integer)
    end
    from public.rate_limits r
    where p_limit is not null and p_window_seconds is not null and r.bucket = p_bucket
      and r.client_hash = pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(coalesce(p_client_key, ''), 'UTF8')), 'hex')
  ), 0)
$$;

-- The embedded server's uploads (server/routes/storage.ts). A row is a reservation ('receiving', of the
-- bytes the client may still send) until the body is whole ('stored', its real size) or refused (deleted).
create table if not exists public.assistant_uploads (
  path text primary key check (char_length(path) between 1 and 300),
  bytes bigint not null check (bytes >= 0),
  status text not null default 'receiving' check (status in ('receiving', 'stored')),
  received_at timestamptz not null default now()
);
create index if not exists assistant_uploads_received_at on public.assistant_uploads (received_at);
alter table public.assistant_uploads enable row level security;
revoke all on table public.assistant_uploads from anon, authenticated;

-- Before any byte is read: one file and `p_bytes` bytes of the client's quota, and room under the total cap
-- (p_total_bytes, every upload kept or being received). Outcomes: 'reserved'; 'rate_limited' with the
-- seconds to wait; 'full'; 'exists' (the name is taken, or being written).
create or replace function public.reserve_upload(
  p_path text,
  p_bytes bigint,
  p_client_key text,
  p_files_limit integer,
  p_bytes_limit bigint,
  p_window_seconds integer,
  p_total_bytes bigint
) returns table (outcome text, retry_after_seconds integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_wait integer;
  v_total bigint;
begin
  if p_path is null or p_bytes is null or p_bytes < 0 then
    raise exception using errcode = '22023', message = 'Dépôt invalide.';
  end if;
  -- One reservation at a time: the total cap holds however many servers share the database.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('assistant_uploads:total', 0));
  if exists (select 1 from public.assistant_uploads u where u.path = p_path) then
    return query select 'exists'::text, null::integer;
    return;
  end if;
  select coalesce(sum(u.bytes), 0) into v_total from public.assistant_uploads u;
  if p_total_bytes is not null and v_total + p_bytes > p_total_bytes then
    return query select 'full'::text, null::integer;
    return;
  end if;
  -- Both or neither: a refused byte quota gives the file back.
  v_wait := public.take_rate_tokens('upload_files', p_client_key, 1, p_files_limit, p_window_seconds);
  if v_wait = 0 then
    v_wait := public.take_rate_tokens('upload_bytes', p_client_key, p_bytes, p_bytes_limit, p_window_seconds);
    if v_wait > 0 then
      perform public.give_back_rate_tokens('upload_files', p_client_key, 1, p_files_limit, p_window_seconds);
    end if;
  end if;
  if v_wait > 0 then
    return query select 'rate_limited'::text, v_wait;
    return;
  end if;
  insert into public.assistant_uploads (path, bytes) values (p_path, p_bytes);
  return query select 'reserved'::text, null::integer;
end
$$;

-- Once the body is read: 'stored' with its size (p_bytes), or cancelled (p_bytes null: the row goes).
-- Bytes reserved but not received go back to the client's quota.
create or replace function public.finish_upload(
  p_path text,
  p_bytes bigint,
  p_client_key text,
  p_bytes_limit bigint,
  p_window_seconds integer,
  p_received bigint default null
) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_reserved bigint;
begin
  select u.bytes into v_reserved from public.assistant_uploads u where u.path = p_path and u.status = 'receiving' for update;
  if not found then
    return;
  end if;
  if p_bytes is null then
    delete from public.assistant_uploads u where u.path = p_path;
  else
    update public.assistant_uploads u set bytes = p_bytes, status = 'stored' where u.path = p_path;
  end if;
  perform public.give_back_rate_tokens('upload_bytes', p_client_key,
    v_reserved - coalesce(p_bytes, p_received, 0), p_bytes_limit, p_window_seconds);
end
$$;

-- The retention worker's round: unanswered questions older than p_retention_days, or beyond the newest
-- p_max_unanswered, are deleted; uploads older than p_retention_days, and reservations a stopped server
-- left behind for an hour, leave the register, and their paths are returned for their files to go too.
create or replace function public.prune_assistant_data(
  p_retention_days integer,
  p_max_unanswered integer,
  p_limit integer default 1000
) returns table (kind text, path text)
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_retention_days is null or p_retention_days < 1 or p_max_unanswered is null or p_max_unanswered < 0 then
    raise exception using errcode = '22023', message = 'Durée de conservation ou plafond invalide.';
  end if;
  return query
  with old as (
    select m.id from public.assistant_messages m
    where m.kind = 'unanswered'
      and (m.received_at < pg_catalog.now() - pg_catalog.make_interval(days => p_retention_days)
           or m.id not in (select n.id from public.assistant_messages n where n.kind = 'unanswered'
                           order by n.received_at desc, n.id desc limit p_max_unanswered))
    limit p_limit
  ), gone as (
    delete from public.assistant_messages m using old where m.id = old.id returning m.id
  )
  select 'unanswered'::text, gone.id::text from gone;
  return query
  with old as (
    select u.path from public.assistant_uploads u
    where u.received_at < pg_catalog.now() - pg_catalog.make_interval(days => p_retention_days)
       or (u.status = 'receiving' and u.received_at < pg_catalog.now() - interval '1 hour')
    order by u.received_at
    limit p_limit
  ), gone as (
    delete from public.assistant_uploads u using old where u.path = old.path returning u.path
  )
  select 'upload'::text, gone.path from gone;
end
$$;

-- On Supabase: the bucket's objects older than p_retention_days, for the edge function to remove through
-- Storage's API (deleting the rows would leave the files). Nothing elsewhere (no storage schema).
create or replace function public.expired_bucket_objects(p_retention_days integer, p_limit integer default 1000)
returns table (name text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if pg_catalog.to_regclass('storage.objects') is null then
    return;
  end if;
  return query execute
    'select o.name::text from storage.objects o where o.bucket_id = ''assistant-uploads''
       and o.created_at < pg_catalog.now() - pg_catalog.make_interval(days => $1) order by o.created_at limit $2'
    using p_retention_days, p_limit;
end
$$;

do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    execute 'drop policy if exists "assistant_uploads_anonymous_insert" on storage.objects';
    execute $policy$
      create policy "assistant_uploads_anonymous_insert" on storage.objects
      for insert to anon
      with check (
        bucket_id = 'assistant-uploads'
        and name ~ '^landing-page/(voices/[0-9]{10,16}-[A-Za-z0-9_-]{21}[AQgw]\.[a-z0-9]{1,5}|files/[0-9]{10,16}-[A-Za-z0-9_-]{21}[AQgw]-[A-Za-z0-9_.-]{1,100})$'
        and char_length(name) <= 300
        and (select count(distinct c) from pg_catalog.regexp_split_to_table(
               substring(name from '^landing-page/[a-z]+/[0-9]+-([A-Za-z0-9_-]{22})'), '') as c) >= 8
      )
    $policy$;
  end if;
end
$$;

revoke all on function public.take_rate_tokens(text, text, double precision, double precision, integer) from public, anon, authenticated;
revoke all on function public.give_back_rate_tokens(text, text, double precision, double precision, integer) from public, anon, authenticated;
revoke all on function public.rate_limit_wait(text, text, integer, integer) from public, anon, authenticated;
revoke all on function public.reserve_upload(text, bigint, text, integer, bigint, integer, bigint) from public, anon, authenticated;
revoke all on function public.finish_upload(text, bigint, text, bigint, integer, bigint) from public, anon, authenticated;
revoke all on function public.prune_assistant_data(integer, integer, integer) from public, anon, authenticated;
revoke all on function public.expired_bucket_objects(integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_tokens(text, text, double precision, double precision, integer) to service_role;
grant execute on function public.give_back_rate_tokens(text, text, double precision, double precision, integer) to service_role;
grant execute on function public.rate_limit_wait(text, text, integer, integer) to service_role;
grant execute on function public.reserve_upload(text, bigint, text, integer, bigint, integer, bigint) to service_role;
grant execute on function public.finish_upload(text, bigint, text, bigint, integer, bigint) to service_role;
grant execute on function public.prune_assistant_data(integer, integer, integer) to service_role;
grant execute on function public.expired_bucket_objects(integer, integer) to service_role;
