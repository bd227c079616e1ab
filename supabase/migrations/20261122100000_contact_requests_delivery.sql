-- Contact and tester requests: exactly-once storage and mail delivery that can be retried
-- (docs/requirements.md#contact-send). Applied by the Supabase CLI in production and by the embedded server.

-- A request sent again with the same Idempotency-Key (a retry after a lost answer) is stored once.
alter table public.contact_requests add column if not exists idempotency_key text;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'contact_requests_idempotency_key_key') then
    alter table public.contact_requests add constraint contact_requests_idempotency_key_key unique (idempotency_key);
  end if;
end $$;

-- Two mails per request (team, acknowledgement), each sent once: a retry sends only what is missing.
alter table public.contact_requests add column if not exists team_mail_sent_at timestamptz;
alter table public.contact_requests add column if not exists ack_mail_sent_at timestamptz;
alter table public.contact_requests add column if not exists mail_next_attempt_at timestamptz;
alter table public.contact_requests add column if not exists mail_last_error text;

create index if not exists contact_requests_mail_due on public.contact_requests (mail_next_attempt_at)
  where mail_status = 'pending';
