/**
 * Supabase Edge Function `send-contact-email` (SPEC.md section 7, call 3): the production twin of
 * POST /functions/v1/send-contact-email of the embedded server, with the same handler. Deployment and
 * secrets: README.md, "Supabase: the `send-contact-email` function".
 *
 * Secrets: SMTP_URL (smtps://user:pass@host:465; Supabase blocks ports 25 and 587), CONTACT_TO,
 * MAIL_FROM, SITE_URL, CORS_ORIGINS, CONTACT_RATE_LIMIT. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY
 * are given by Supabase.
 */
import { createClient } from '@supabase/supabase-js';
import { createTransport } from 'nodemailer';
import site from '../../../content/site.json' with { type: 'json' };
import { RateLimiter, parseRateLimit } from '../../../backend/rate-limit.ts';
import type { SubmissionRow } from '../../../core/contact/schema.ts';
import { createContactFunction, type PendingRequest, type RequestRecords } from './handler.ts';

declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

const env = (name: string) => Deno.env.get(name) ?? '';
const supabase = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: { persistSession: false, autoRefreshToken: false },
});
const smtpUrl = env('SMTP_URL');
const transport = smtpUrl
  ? createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
  : undefined;
const siteUrl = env('SITE_URL') || site.siteUrl;
const columns =
  'id, type, full_name, email, company, phone, subject, message, city, profession, team_size, created_at, mail_status, mail_attempts, team_mail_sent_at, ack_mail_sent_at';

/** public.contact_requests through PostgREST with the service-role key (RLS keeps visitors out). */
const records: RequestRecords = {
  async insert(row: SubmissionRow, idempotencyKey: string | undefined) {
    const { data, error } = await supabase
      .from('contact_requests')
      .insert({ ...row, idempotency_key: idempotencyKey ?? null, mail_status: transport ? 'pending' : 'skipped' })
      .select('id')
      .single();
    if (!error) return { id: String(data.id), duplicate: false };
    if (error.code !== '23505' || !idempotencyKey) throw new Error(error.message);
    const existing = await supabase
      .from('contact_requests')
      .select('id')
      .eq('idempotency_key', idempotencyKey)
      .single();
    return { id: String(existing.data?.id ?? ''), duplicate: true };
  },
  async find(id) {
    const { data } = await supabase.from('contact_requests').select(columns).eq('id', id).maybeSingle();
    return (data ?? undefined) as PendingRequest | undefined;
  },
  async markSent(id, which) {
    await supabase
      .from('contact_requests')
      .update({ [which === 'team' ? 'team_mail_sent_at' : 'ack_mail_sent_at']: new Date().toISOString() })
      .eq('id', id);
  },
  async delivered(id) {
    const { data } = await supabase.from('contact_requests').select('mail_attempts').eq('id', id).single();
    await supabase
      .from('contact_requests')
      .update({
        mail_status: 'sent',
        mail_attempts: (data?.mail_attempts ?? 0) + 1,
        mail_last_error: null,
        mail_next_attempt_at: null,
      })
      .eq('id', id);
  },
  async failed(id, failure) {
    await supabase
      .from('contact_requests')
      .update({
        mail_status: failure.givenUp ? 'failed' : 'pending',
        mail_attempts: failure.attempts,
        mail_last_error: failure.error,
        mail_next_attempt_at: new Date(Date.now() + failure.retryInMs).toISOString(),
      })
      .eq('id', id);
  },
  async due(limit) {
    const { data } = await supabase
      .from('contact_requests')
      .select('id')
      .eq('mail_status', 'pending')
      .or(`mail_next_attempt_at.is.null,mail_next_attempt_at.lte.${new Date().toISOString()}`)
      .order('id')
      .limit(limit);
    return (data ?? []).map((row) => String(row.id));
  },
};

const rate = parseRateLimit(env('CONTACT_RATE_LIMIT') || '5/600');

export const handler = createContactFunction({
  records,
  identity: {
    productName: site.product.name,
    siteUrl,
    teamAddress: env('CONTACT_TO') || site.company.email,
    from: env('MAIL_FROM') || `${site.product.name} <no-reply@${new URL(siteUrl).hostname}>`,
    supportResponse: site.company.supportResponse,
  },
  send: transport ? async (mail) => void (await transport.sendMail(mail)) : undefined,
  allowedOrigins: [
    new URL(siteUrl).origin,
    ...env('CORS_ORIGINS')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  ],
  // One isolate's memory: a first barrier; Supabase may run several isolates.
  limiter: rate ? new RateLimiter(rate) : undefined,
  background: typeof EdgeRuntime !== 'undefined' ? (work) => EdgeRuntime.waitUntil(work) : undefined,
  retryToken: env('SUPABASE_SERVICE_ROLE_KEY') || undefined,
});

if (import.meta.main) Deno.serve(handler);
