/**
 * Links sent to the team are links to our own storage (docs/decisions/0058-team-links-are-our-links.md):
 * the voice note and the files of a webhook message must be public URLs of this site's storage or of the
 * Supabase bucket, to an upload name the widget builds. They are normalised (a path of this site, or the
 * bucket's absolute URL) before anything is stored or mailed; anything else is refused with a French
 * reason, the handler's 422.
 */
import type { WebhookPayload } from '../../core/assistant/contract.ts';
import { uploadLink, type UploadLinkRule } from '../../core/assistant/uploads.ts';

export type TeamLinks = { ok: true; message: WebhookPayload } | { ok: false; problem: string };

/** The message with its links normalised, or the first link that is not one of ours. */
export function withTeamLinks(message: WebhookPayload, rule: UploadLinkRule): TeamLinks {
  let voice = message.voice;
  if (voice) {
    const url = uploadLink(voice.url, 'voice', rule);
    if (!url) return { ok: false, problem: 'l’adresse de la note vocale n’est pas celle du stockage du site.' };
    voice = { ...voice, url };
  }
  const files: NonNullable<WebhookPayload['files']> = [];
  for (const file of message.files ?? []) {
    const url = uploadLink(file.url, 'file', rule);
    if (!url) return { ok: false, problem: 'l’adresse d’un fichier joint n’est pas celle du stockage du site.' };
    files.push({ ...file, url });
  }
  return {
    ok: true,
    message: { ...message, ...(voice ? { voice } : {}), ...(message.files ? { files } : {}) },
  };
}

/** The rule for a request: the origin it came to is this site's, beside SITE_URL's and the configured ones. */
export function ruleFor(request: Request, rule: UploadLinkRule | undefined): UploadLinkRule {
  let origin: string[] = [];
  try {
    origin = [new URL(request.url).origin];
  } catch {
    // A Request always has an absolute URL; nothing to add otherwise.
  }
  return { ownOrigins: [...origin, ...(rule?.ownOrigins ?? [])], buckets: rule?.buckets ?? [] };
}
