-- What a visitor leaves with the assistant is mailed to the team as the visitor's (docs/decisions/0058-team-links-are-our-links.md):
-- * a voice note or a file is a link to our own storage: the public URL of an upload name the widget builds,
--   on this site (kept as a path) or on the Supabase bucket; `/\evil.example/…` and any other address are refused;
-- * every text is free of control characters, C1 controls and bidirectional overrides, as the forms' texts
--   (core/common/control-characters.ts): nothing in a stored text can rewrite what the team reads.
-- The handlers check and normalise the same before calling record_assistant_message; these rules hold for
-- whatever calls it.

create or replace function public.has_control_characters(p_text text, p_multi_line boolean default false)
returns boolean
language sql immutable set search_path = ''
as $$
  select case
    when p_text is null then false
    when p_multi_line then p_text ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
    else p_text ~ '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
  end
$$;

-- A public URL of an upload: an optional origin (and the path of a Supabase URL), then the bucket's public
-- path and a name of core/assistant/uploads.ts (voices/ or files/, a timestamp, 22 random characters).
create or replace function public.is_upload_link(p_url text, p_folder text)
returns boolean
language sql immutable set search_path = ''
as $$
  select p_url is not null and char_length(p_url) <= 2048 and p_url ~ (
    '^(https?://[A-Za-z0-9.:\[\]-]+(/[A-Za-z0-9._~-]+)*)?/storage/v1/object/public/assistant-uploads/landing-page/'
    || p_folder || '/[0-9]{10,16}-[A-Za-z0-9_-]{21}[AQgw][.-][A-Za-z0-9_.-]{1,100}$'
  )
$$;

do $$
begin
  if not exists (select 1 from pg_catalog.pg_constraint where conname = 'assistant_messages_voice_url_ours') then
    alter table public.assistant_messages add constraint assistant_messages_voice_url_ours
      check (voice_url is null or public.is_upload_link(voice_url, 'voices')) not valid;
  end if;
end
$$;

create or replace function public.record_assistant_message(
  p_kind text,
  p_conversation_id text,
  p_message_id text,
  p_text text default null,
  p_voice_url text default null,
  p_voice_duration real default null,
  p_files jsonb default '[]'::jsonb,
  p_send_mails boolean default true,
  p_client_key text default null,
  p_mail_limit integer default null,
  p_mail_window_seconds integer default null
) returns table (outcome text, message_ref text)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_old public.assistant_messages%rowtype;
  v_files jsonb := coalesce(p_files, '[]'::jsonb);
  v_text text := nullif(btrim(p_text), '');
  v_mail boolean;
  v_id bigint;
begin
  if p_message_id is null or p_conversation_id is null then
    raise exception using errcode = '22023', message = 'Message sans identifiant ou sans conversation.';
  end if;
  if public.has_control_characters(p_message_id) or public.has_control_characters(p_conversation_id)
     or public.has_control_characters(v_text, true) then
    raise exception using errcode = '22023',
      message = 'Caractères non autorisés (caractères de contrôle ou de direction du texte).';
  end if;
  if p_voice_url is not null and not public.is_upload_link(p_voice_url, 'voices') then
    raise exception using errcode = '22023', message = 'Note vocale : adresse hors du stockage du site.';
  end if;
  if pg_catalog.jsonb_typeof(v_files) <> 'array' or exists (
    select 1 from pg_catalog.jsonb_array_elements(v_files) f
    where pg_catalog.jsonb_typeof(f) <> 'object'
       or pg_catalog.jsonb_typeof(f->'filename') is distinct from 'string'
       or pg_catalog.jsonb_typeof(f->'type') is distinct from 'string'
       or pg_catalog.jsonb_typeof(f->'url') is distinct from 'string'
       or char_length(f->>'filename') not between 1 and 255
       or char_length(f->>'type') > 255
       or public.has_control_characters(f->>'filename')
       or public.has_control_characters(f->>'type')
       or not public.is_upload_link(f->>'url', 'files')
  ) then
    raise exception using errcode = '22023',
      message = 'Fichiers invalides : une liste de { filename, type, url } du stockage du site est attendue.';
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
  -- A token only for a new entry that would be mailed: a retry of the same message costs none.
  v_mail := p_send_mails
    and public.take_rate_token('assistant_team_mail', p_client_key, p_mail_limit, p_mail_window_seconds) = 0;
  insert into public.assistant_messages (kind, conversation_id, message_id, text, voice_url, voice_duration, files, mail_status)
  values (p_kind, p_conversation_id, p_message_id, v_text, p_voice_url, p_voice_duration, v_files,
          case when v_mail then 'pending' else 'skipped' end)
  returning id into v_id;
  if v_mail then
    insert into public.mail_outbox (kind, assistant_message_id) values ('assistant_team', v_id);
  end if;
  return query select 'stored'::text, v_id::text;
end
$$;

revoke all on function public.has_control_characters(text, boolean) from public, anon, authenticated;
revoke all on function public.is_upload_link(text, text) from public, anon, authenticated;
grant execute on function public.has_control_characters(text, boolean) to service_role;
grant execute on function public.is_upload_link(text, text) to service_role;
