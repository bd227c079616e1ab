/**
 * Loaded when a visitor submits (or starts filling) a form, never on first load: the schemas of
 * core/contact/schema.ts, then @supabase/supabase-js, which calls the send-contact-email function exactly as
 * in production (docs/requirements.md#contact-send); only the configured URL and key differ.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { backendUrl, getConfig } from '../runtime/config.ts';
import type { Submission } from '../../core/contact/schema.ts';

export { validateContactForm, validateTesterForm } from '../../core/contact/schema.ts';

export type SendOutcome =
  { ok: true } | { ok: false; status?: number; message?: string; fields?: Record<string, string> };

let client: Promise<SupabaseClient> | undefined;

function functionsClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(backendUrl(), getConfig().supabaseAnonKey, {
      // The site has no login: no session to keep, refresh or read from the URL.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    }),
  );
  client.catch(() => (client = undefined));
  return client;
}

/** Starts loading the client before the click, so sending does not wait for the download. */
export function warmUp(): void {
  functionsClient().catch(() => undefined);
}

/**
 * The server's answer that supabase-js hands back with an error. Told by its shape, not `instanceof
 * Response`: a fetch given to supabase-js (a polyfill, another realm) makes answers of another class.
 */
export function isAnswer(value: unknown): value is Response {
  const answer = value as Partial<Response> | null;
  return typeof answer?.status === 'number' && typeof answer.json === 'function';
}

/** A key per request, kept while the same values are retried: a retry after a lost answer is stored once. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Sends one request. Never throws: a failure is an outcome, with the server's French message when it gave one. */
export async function sendSubmission(payload: Submission, idempotencyKey: string): Promise<SendOutcome> {
  try {
    const supabase = await functionsClient();
    const { error } = await supabase.functions.invoke('send-contact-email', {
      body: payload,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    if (!error) return { ok: true };
    console.error(new Error("Erreur lors de l'envoi du message", { cause: error }));
    const response = (error as { context?: unknown }).context;
    if (!isAnswer(response)) return { ok: false };
    try {
      const body = (await response.json()) as { error?: unknown; fields?: unknown };
      return {
        ok: false,
        status: response.status,
        message: typeof body.error === 'string' ? body.error : undefined,
        fields: body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined,
      };
    } catch {
      return { ok: false, status: response.status };
    }
  } catch (error) {
    console.error(new Error("Erreur lors de l'envoi du message", { cause: error }));
    return { ok: false };
  }
}
