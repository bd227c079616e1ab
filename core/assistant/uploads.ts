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
 * The names the widget builds, and only those: a voice note or a file under landing-page/, with a timestamp
 * and 22 random characters, so that no one can list or guess another visitor's upload. The bucket's insert
 * policy holds the same pattern.
 */
const UPLOAD_NAME =
  /^landing-page\/(?:voices\/\d{10,16}-[\w-]{22}\.[a-z0-9]{1,5}|files\/\d{10,16}-[\w-]{22}-[\w.-]{1,100})$/;
export function isUploadPath(path: string): boolean {
  return isSafeObjectPath(path) && UPLOAD_NAME.test(path);
}
