-- Uploads are never active content (docs/decisions/0024-uploads-never-active-content.md), on Supabase as on
-- the embedded server (server/routes/storage.ts, core/assistant/uploads.ts):
-- * the bucket accepts exactly the allow-list of core/assistant/uploads.ts (UPLOAD_TYPES), 10 MB at most;
-- * anonymous visitors may only add objects under the names the widget builds: a timestamp and 22 random
--   base64url characters (128 bits), so no one can guess another visitor's voice note or file; still no
--   update and no delete, so no overwrite.
-- Only on Supabase: PGlite has no storage schema, so this migration does nothing there.
do $$
begin
  if exists (select 1 from information_schema.schemata where schema_name = 'storage') then
    update storage.buckets
    set public = true,
        file_size_limit = 10485760,
        allowed_mime_types = array[
          'audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav',
          'image/png', 'image/jpeg', 'image/webp', 'image/gif',
          'application/pdf', 'text/plain', 'text/csv', 'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.text',
          'application/vnd.oasis.opendocument.spreadsheet'
        ]
    where id = 'assistant-uploads';
    execute 'drop policy if exists "assistant_uploads_anonymous_insert" on storage.objects';
    execute $policy$
      create policy "assistant_uploads_anonymous_insert" on storage.objects
      for insert to anon
      with check (
        bucket_id = 'assistant-uploads'
        and name ~ '^landing-page/(voices/[0-9]{10,16}-[A-Za-z0-9_-]{22}\.[a-z0-9]{1,5}|files/[0-9]{10,16}-[A-Za-z0-9_-]{22}-[A-Za-z0-9_.-]{1,100})$'
      )
    $policy$;
  end if;
end
$$;
