/**
 * Object storage of the assistant (SPEC.md section 7, call 2): where voice notes and attachments go, which
 * types and sizes the embedded storage accepts, and which object paths are safe.
 */
export const UPLOADS_BUCKET = 'assistant-uploads';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Types the storage accepts (a voice note is audio/webm; attachments are documents and images). Mirrored by the
 * Supabase bucket of supabase/migrations/20261122200000_assistant_uploads.sql. */
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

/** "audio/webm;codecs=opus" → "audio/webm"; whether the storage takes it. */
export function baseType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}
export function isAllowedUploadType(type: string): boolean {
  return (UPLOAD_TYPES as readonly string[]).includes(baseType(type));
}

/** landing-page/voices/{timestamp}.webm */
export function voicePath(timestamp: number): string {
  return `landing-page/voices/${timestamp}.webm`;
}

/** landing-page/files/{timestamp}-{name}, spaces as underscores (SPEC.md section 3, "Attachment reference"). */
export function attachmentPath(timestamp: number, fileName: string): string {
  const safe = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^\w.-]/g, '')
    .replace(/^\.+/, '')
    .slice(-100);
  return `landing-page/files/${timestamp}-${safe || 'fichier'}`;
}

/** An object path inside a bucket: segments of letters, digits, dot, dash, underscore; no "..". */
export function isSafeObjectPath(path: string): boolean {
  return (
    path.length <= 300 &&
    /^[\w-]+(?:\/[\w.-]+)*$/.test(path) &&
    !path.split('/').some((segment) => segment === '..' || segment === '.' || segment.startsWith('.'))
  );
}
