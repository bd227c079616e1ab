/**
 * Object storage of the assistant (docs/requirements.md#assistant-uploads): where voice notes and
 * attachments go, which types and sizes the storage accepts, which object names are valid, and how an
 * upload may be shown. Uploads are never active content (docs/decisions/0024-uploads-never-active-content.md):
 * only a type of the allow-list, normalised, is ever stored or served, and names carry a random part.
 *
 * Pure and free of zod: the widget imports it to build the names it uploads to.
 */
export const UPLOADS_BUCKET = 'assistant-uploads';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Types the storage accepts (a voice note is audio/webm; attachments are documents and images). Mirrored by the
 * Supabase bucket: supabase/migrations/20261123150000_assistant_uploads_hardening.sql. No SVG, HTML, XML or
 * script type: nothing a browser would run. */
export const UPLOAD_TYPES = [
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What one visitor may upload per window (count and bytes): a few voice notes and files, not a flood. */
export const UPLOAD_QUOTA = { files: 30, bytes: 60 * 1024 * 1024, windowMs: 60 * 60_000 } as const;
/** What all uploads kept may take together by default (UPLOADS_MAX_TOTAL_MB): past it, new uploads wait for room. */
export const UPLOADS_TOTAL_BYTES = 2048 * 1024 * 1024;
/** Unknown objects one client may ask for per window before 429: readers follow links, guessers miss. */
export const UPLOAD_MISS_LIMIT = { limit: 30, windowMs: 60_000 } as const;
/** supabase-js sends cacheControl, sometimes metadata and contentEncoding, then the file. */
export const UPLOAD_MAX_PARTS = 8;

// RFC 9110 section 5.6.2: a token; section 5.6.4: a quoted string.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\\\r\\n]|\\\\[^\\r\\n])*"';
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*)[ \\t]*$`);

/**
 * The type and subtype of one Content-Type value, lower-cased, or undefined when the value is not exactly
 * one media type. A comma outside a quoted parameter makes a list of types, and browsers act on the last
 * one ("text/plain;x=,text/javascript" runs as a script): such a value is refused, never cut at its first ";".
 */
export function mediaType(value: string): string | undefined {
  const match = MEDIA_TYPE.exec(value.trim());
  return match ? `${match[1]}/${match[2]}`.toLowerCase() : undefined;
}

/** The normalised type the storage keeps for a Content-Type value, or undefined when it is not accepted. */
export function uploadType(value: string): UploadType | undefined {
  const type = mediaType(value);
  return (UPLOAD_TYPES as readonly string[]).includes(type ?? '') ? (type as UploadType) : undefined;
}

/** Audio and images are shown by the page; everything else is downloaded, never opened as a document. */
export function showsInline(type: string): boolean {
  return /^(audio|image)\//.test(type);
}

/** The random part of an upload's name: 16 random bytes (128 bits) as 22 base64url characters. */
export function randomPart(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new Error('randomPart : 16 octets aléatoires sont attendus.');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += alphabet[(value >> bits) & 63];
    }
  }
  return out + alphabet[(value << (6 - bits)) & 63];
}

/** The voice note's extension for its recorded type: webm where browsers record it, m4a (audio/mp4) in Safari. */
export function voiceExtension(type: string): string {
  const media = mediaType(type);
  return media === 'audio/mp4' ? 'm4a' : media === 'audio/ogg' ? 'ogg' : 'webm';
}

/** landing-page/voices/{timestamp}-{random}.{webm|m4a|ogg} (docs/requirements.md#assistant-uploads). */
export function voicePath(timestamp: number, random: string, extension = 'webm'): string {
  return `landing-page/voices/${timestamp}-${random}.${extension}`;
}

/** Why the storage would refuse a file, said before it is sent: its type, its size, or nothing in it. */
export type FileProblem = 'type' | 'size' | 'empty';

export function fileProblem(file: { type: string; size: number }): FileProblem | undefined {
  if (!uploadType(file.type)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return undefined;
}

/** landing-page/files/{timestamp}-{random}-{name}, accents dropped, spaces as underscores. */
export function attachmentPath(timestamp: number, random: string, fileName: string): string {
  const safe = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^\w.-]/g, '')
    .replace(/^\.+/, '')
    .slice(-100);
  return `landing-page/files/${timestamp}-${random}-${safe || 'fichier'}`;
}

/** A file system keeps names of 255 bytes at most; the metadata file adds ".json" to the object's. */
const MAX_SEGMENT = 200;

/** An object path inside a bucket: segments of letters, digits, dot, dash, underscore; no "..", no dotfile. */
export function isSafeObjectPath(path: string): boolean {
  return (
    path.length <= 300 &&
    /^[\w-]+(?:\/[\w.-]+)*$/.test(path) &&
    !path.split('/').some((segment) => segment.startsWith('.') || segment.length > MAX_SEGMENT)
  );
}

/**
 * The random part of a name, checked as what `randomPart` writes: 22 base64url characters that are the
 * canonical encoding of 16 bytes (the last one carries 2 bits, so it is A, Q, g or w), not a run of a few
 * characters chosen by hand (« aaaa… »): 128 random bits hold at least 8 different characters with a
 * probability above 1 − 10⁻⁹. Mirrored by the bucket's insert policy (supabase/migrations).
 */
export function isRandomPart(text: string): boolean {
  return /^[\w-]{21}[AQgw]$/.test(text) && new Set(text).size >= 8;
}

/**
 * The names the widget builds, and only those: a voice note or a file under landing-page/, with a timestamp
 * and 128 random bits, so that no one can list or guess another visitor's upload, nor pick a name of their
 * own. The bucket's insert policy holds the same pattern.
 */
const UPLOAD_NAME =
  /^landing-page\/(?:voices\/\d{10,16}-([\w-]{22})\.[a-z0-9]{1,5}|files\/\d{10,16}-([\w-]{22})-[\w.-]{1,100})$/;
export function isUploadPath(path: string): boolean {
  const match = UPLOAD_NAME.exec(path);
  return isSafeObjectPath(path) && Boolean(match) && isRandomPart(match![1] ?? match![2]!);
}

/** Where the storage serves an upload publicly, under its base URL (Supabase's and the embedded server's). */
export const PUBLIC_UPLOADS_PATH = `/storage/v1/object/public/${UPLOADS_BUCKET}/`;

/** The public prefix of the bucket under a Supabase project's URL, or undefined when that URL is not absolute. */
export function bucketPrefix(supabaseUrl: string): string | undefined {
  if (!/^https?:\/\//i.test(supabaseUrl)) return undefined;
  try {
    return new URL(`${new URL(supabaseUrl).pathname.replace(/\/+$/, '')}${PUBLIC_UPLOADS_PATH}`, supabaseUrl).href;
  } catch {
    return undefined;
  }
}

/** The storages a voice note or file sent to the team may live in (docs/decisions/0058-team-links-are-our-links.md). */
export interface UploadLinkRule {
  /** This site's origins (SITE_URL's, the one the request came to): their uploads are kept as paths of the site. */
  ownOrigins: readonly string[];
  /** The Supabase bucket's public prefixes (bucketPrefix), kept absolute. */
  buckets: readonly string[];
}

/** Whitespace, controls, anything but printable ASCII, a backslash (`/\evil.example` is `//evil.example` to a browser), a query, a fragment, credentials. */
const UNSAFE_LINK = /[^\x21-\x7E]|[\\?#@]/;

/**
 * The link to a visitor's upload as the team gets it, or undefined when it is not one: a public URL of
 * this site's storage (returned as a path of the site) or of the Supabase bucket (returned absolute), to
 * an upload name of `kind` (voices/ or files/). Nothing else reaches the team's mail.
 */
export function uploadLink(value: string, kind: 'voice' | 'file', rule: UploadLinkRule): string | undefined {
  if (value.length > 2048 || UNSAFE_LINK.test(value)) return undefined;
  const path = value.startsWith('/') && !value.startsWith('//');
  if (!path && !/^https?:\/\//i.test(value)) return undefined;
  let href: string;
  try {
    href = new URL(value, 'http://site.invalid').href;
  } catch {
    return undefined;
  }
  const own = (path ? ['http://site.invalid'] : rule.ownOrigins).map((origin) => {
    try {
      return new URL(PUBLIC_UPLOADS_PATH, origin).href;
    } catch {
      return '';
    }
  });
  const folder = kind === 'voice' ? 'landing-page/voices/' : 'landing-page/files/';
  const name = (prefix: string) => {
    const rest = prefix && href.startsWith(prefix) ? href.slice(prefix.length) : undefined;
    return rest?.startsWith(folder) && isUploadPath(rest) ? rest : undefined;
  };
  for (const prefix of own) {
    const found = name(prefix);
    if (found) return `${PUBLIC_UPLOADS_PATH}${found}`;
  }
  if (path) return undefined;
  for (const prefix of rule.buckets) {
    const found = name(prefix);
    if (found) return `${prefix}${found}`;
  }
  return undefined;
}
