/**
 * Object storage of the assistant (docs/requirements.md#assistant-uploads): where voice notes and
 * attachments go, which types and sizes the storage accepts, which object names are valid, and how an
 * upload may be shown. Uploads are never active content (docs/decisions/0024-uploads-never-active-content.md):
 * only a type of the allow-list, normalised, is ever stored or served, and the server names them
 * (docs/decisions/0080-uploads-named-by-the-server.md): a timestamp, 128 random bits, the type's extension.
 *
 * Pure and free of zod: the widget imports it to check a file before sending it.
 */
export const UPLOADS_BUCKET = 'assistant-uploads';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Types the storage accepts (a voice note is audio/webm; attachments are documents and images), each with the
 * extension the server gives its name. Mirrored by the Supabase bucket:
 * supabase/migrations/20261123150000_assistant_uploads_hardening.sql. No SVG, HTML, XML or script type:
 * nothing a browser would run. */
const EXTENSIONS = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
} as const;
export const UPLOAD_TYPES = Object.keys(EXTENSIONS) as (keyof typeof EXTENSIONS)[];
export type UploadType = keyof typeof EXTENSIONS;

/** What one visitor may upload per window (count and bytes): a few voice notes and files, not a flood. */
export const UPLOAD_QUOTA = { files: 30, bytes: 60 * 1024 * 1024, windowMs: 60 * 60_000 } as const;
/** What all uploads kept may take together by default (UPLOADS_MAX_TOTAL_MB): past it, new uploads wait for room. */
export const UPLOADS_TOTAL_BYTES = 2048 * 1024 * 1024;
/** Unknown objects one client may ask for per window before 429: readers follow links, guessers miss. */
export const UPLOAD_MISS_LIMIT = { limit: 30, windowMs: 60_000 } as const;
/** Seconds an upload may be cached (docs/requirements.md#assistant-uploads), whatever the client asks. */
export const UPLOAD_CACHE_SECONDS = 3600;

/** Where the widget sends a voice note or a file: the embedded server, or the Supabase function `assistant`. */
export const UPLOAD_PATH = '/functions/v1/assistant/upload';
/** The request's headers besides its Content-Type: what it is (`voice` or `file`), and the file's own name. */
export const UPLOAD_KIND_HEADER = 'x-upload-kind';
export const UPLOAD_NAME_HEADER = 'x-upload-name';
export type UploadKind = 'voice' | 'file';

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

/**
 * The name the server gives an upload: landing-page/{voices|files}/{timestamp}-{random}.{extension of its
 * type}. Nothing in it comes from the client: the file's own name is kept apart, for the team only.
 */
export function uploadName(kind: UploadKind, type: UploadType, random: string, timestamp: number): string {
  return `landing-page/${kind === 'voice' ? 'voices' : 'files'}/${timestamp}-${random}.${EXTENSIONS[type]}`;
}

/** Why the storage would refuse a file, said before it is sent: its type, its size, or nothing in it. */
export type FileProblem = 'type' | 'size' | 'empty';

export function fileProblem(file: { type: string; size: number }): FileProblem | undefined {
  if (!uploadType(file.type)) return 'type';
  if (file.size > UPLOAD_MAX_BYTES) return 'size';
  if (file.size === 0) return 'empty';
  return undefined;
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
 * The names uploads are read under: those of `uploadName`, so that no one can list or guess another
 * visitor's upload; and, until the retention has removed them, the files named before the server named
 * them ({random}-{the visitor's name}). public.is_upload_link holds the same pattern.
 */
const UPLOAD_NAME =
  /^landing-page\/(?:voices\/\d{10,16}-([\w-]{22})\.[a-z0-9]{1,5}|files\/\d{10,16}-([\w-]{22})[.-][\w.-]{1,100})$/;
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
