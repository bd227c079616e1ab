-- The assistant's voice notes and attachments (docs/requirements.md#assistant-uploads): Supabase Storage bucket
-- `assistant-uploads`, public for reading, where anonymous visitors may add objects under landing-page/
-- but never replace or delete one (the widget uploads with upsert: false).
-- Only on Supabase: the embedded server (PGlite has no storage schema) keeps uploads on disk
-- (server/routes/storage.ts) with the same rules, so this migration does nothing there.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
    values (
      'assistant-uploads', 'assistant-uploads', true, 10485760,
      array['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'image/png', 'image/jpeg', 'image/webp', 'image/gif',
            'application/pdf', 'text/plain', 'text/csv', 'application/msword',
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel',
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.text',
            'application/vnd.oasis.opendocument.spreadsheet']
    )
    on conflict (id) do nothing;
    execute $policy$
      create policy "assistant_uploads_anonymous_insert" on storage.objects
      for insert to anon
      with check (bucket_id = 'assistant-uploads' and (storage.foldername(name))[1] = 'landing-page')
    $policy$;
  end if;
end
$$;
