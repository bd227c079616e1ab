-- What a visitor leaves with the assistant mails the team (docs/requirements.md#assistant-answers). One
-- client could send an unanswered question a second and fill the team's mailbox: every isolate of the
-- edge function and every server has its own memory, so the limit that caps the mail is the database's,
-- like the contact form's (public.take_rate_token). Past it the entry is still stored, nothing the
-- visitor said is lost, and its mail_status is 'skipped': the team reads it with `npm run inbox`.
-- Same outcomes as before; three parameters more, so the old signature goes.
drop function if exists public.record_assistant_message(text, text, text, text, text, real, jsonb, boolean);

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

revoke all on function public.record_assistant_message(text, text, text, text, text, real, jsonb, boolean, text, integer, integer)
  from public, anon, authenticated;
grant execute on function public.record_assistant_message(text, text, text, text, text, real, jsonb, boolean, text, integer, integer)
  to service_role;
