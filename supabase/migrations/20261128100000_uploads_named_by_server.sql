-- Uploads are named by the server, and no crowd locks a newcomer out
-- (docs/decisions/0080-uploads-named-by-the-server.md, docs/security.md):
-- * the embedded server and the Supabase function `assistant` name every upload (backend/assistant/uploads.ts);
--   the visitor's own file name is kept here, for the team, never in the object's name;
-- * visitors no longer write the bucket themselves: its insert policy goes, the function writes with the
--   service-role key;
-- * past the total cap, the oldest stored uploads are evicted to make room (returned, for their files to go),
--   rather than refusing every later visitor; only uploads still being received can fill the cap;
-- * ideas and voice notes are kept ASSISTANT_RETENTION_DAYS and at most ASSISTANT_MAX_MESSAGES, like
--   unanswered questions.

alter table public.assistant_uploads
  add column if not exists original_name text check (char_length(original_name) between 1 and 255);

drop function if exists public.reserve_upload(text, bigint, text, integer, bigint, integer, bigint);

-- Before any byte is read: one file and `p_bytes` bytes of the client's quota, then room under the total cap
-- (p_total_bytes, every upload kept or being received), made by evicting the oldest stored uploads when
-- needed. Outcomes: 'reserved' (with the evicted `bucket/path`s); 'rate_limited' with the seconds to wait;
-- 'full' (uploads being received hold the cap: nothing is evicted, the quota is given back); 'exists'.
create or replace function public.reserve_upload(
  p_path text,
  p_bytes bigint,
  p_client_key text,
  p_files_limit integer,
  p_bytes_limit bigint,
  p_window_seconds integer,
  p_total_bytes bigint,
  p_original_name text default null
) returns table (outcome text, retry_after_seconds integer, evicted text[])
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_wait integer;
  v_need bigint;
  v_evicted text[] := '{}';
begin
  if p_path is null or p_bytes is null or p_bytes < 0 then
    raise exception using errcode = '22023', message = 'Dépôt invalide.';
  end if;
  -- One reservation at a time: the total cap holds however many servers share the database.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('assistant_uploads:total', 0));
  if exists (select 1 from public.assistant_uploads u where u.path = p_path) then
    return query select 'exists'::text, null::integer, null::text[];
    return;
  end if;
  -- The client's quota first: a client past it evicts nothing. Both or neither.
  v_wait := public.take_rate_tokens('upload_files', p_client_key, 1, p_files_limit, p_window_seconds);
  if v_wait = 0 then
    v_wait := public.take_rate_tokens('upload_bytes', p_client_key, p_bytes, p_bytes_limit, p_window_seconds);
    if v_wait > 0 then
      perform public.give_back_rate_tokens('upload_files', p_client_key, 1, p_files_limit, p_window_seconds);
    end if;
  end if;
  if v_wait > 0 then
    return query select 'rate_limited'::text, v_wait, null::text[];
    return;
  end if;
  select coalesce(sum(u.bytes), 0) + p_bytes - p_total_bytes into v_need from public.assistant_uploads u;
  if p_total_bytes is not null and v_need > 0 then
    if (select coalesce(sum(u.bytes), 0) from public.assistant_uploads u where u.status = 'stored') < v_need then
      perform public.give_back_rate_tokens('upload_files', p_client_key, 1, p_files_limit, p_window_seconds);
      perform public.give_back_rate_tokens('upload_bytes', p_client_key, p_bytes, p_bytes_limit, p_window_seconds);
      return query select 'full'::text, null::integer, null::text[];
      return;
    end if;
    -- The oldest first, just enough of them: each one whose older neighbours do not make the room yet.
    with ordered as (
      select u.path, sum(u.bytes) over (order by u.received_at, u.path) - u.bytes as older
      from public.assistant_uploads u where u.status = 'stored'
    ), gone as (
      delete from public.assistant_uploads u using ordered o
      where u.path = o.path and o.older < v_need
      returning u.path
    )
    select coalesce(pg_catalog.array_agg(gone.path), '{}') into v_evicted from gone;
  end if;
  insert into public.assistant_uploads (path, bytes, original_name)
  values (p_path, p_bytes, nullif(pg_catalog.left(p_original_name, 255), ''));
  return query select 'reserved'::text, null::integer, v_evicted;
end
$$;

drop function if exists public.prune_assistant_data(integer, integer, integer);

-- The retention worker's round: every message older than p_retention_days, unanswered questions beyond the
-- newest p_max_unanswered, ideas and voice notes beyond the newest p_max_messages, are deleted (returned by
-- kind); uploads older than p_retention_days, and reservations a stopped server left behind for an hour,
-- leave the register, and their paths are returned for their files to go too.
create or replace function public.prune_assistant_data(
  p_retention_days integer,
  p_max_unanswered integer,
  p_max_messages integer,
  p_limit integer default 1000
) returns table (kind text, path text)
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if p_retention_days is null or p_retention_days < 1 or p_max_unanswered is null or p_max_unanswered < 0
     or p_max_messages is null or p_max_messages < 0 then
    raise exception using errcode = '22023', message = 'Durée de conservation ou plafond invalide.';
  end if;
  return query
  with ranked as (
    select m.id, m.kind, m.received_at,
           pg_catalog.row_number() over (partition by m.kind = 'unanswered' order by m.received_at desc, m.id desc) as newer
    from public.assistant_messages m
  ), old as (
    select r.id from ranked r
    where r.received_at < pg_catalog.now() - pg_catalog.make_interval(days => p_retention_days)
       or r.newer > case when r.kind = 'unanswered' then p_max_unanswered else p_max_messages end
    limit p_limit
  ), gone as (
    delete from public.assistant_messages m using old where m.id = old.id returning m.id, m.kind
  )
  select gone.kind, gone.id::text from gone;
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

-- Visitors never write the bucket: the function `assistant` does, with the service-role key.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    execute 'drop policy if exists "assistant_uploads_anonymous_insert" on storage.objects';
  end if;
end
$$;

revoke all on function public.reserve_upload(text, bigint, text, integer, bigint, integer, bigint, text) from public, anon, authenticated;
revoke all on function public.prune_assistant_data(integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.reserve_upload(text, bigint, text, integer, bigint, integer, bigint, text) to service_role;
grant execute on function public.prune_assistant_data(integer, integer, integer, integer) to service_role;
