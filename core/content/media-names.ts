/**
 * Editors' uploads (docs/decisions/0050-uploaded-images-end-to-end.md): their names, and what the admin
 * checks when the file is picked and the local backend checks again before it writes (cms/media.ts,
 * server/routes/cms.ts), in the same French words.
 */
import { slugKey } from '../common/slug.ts';

/**
 * « Photo Équipe (2).JPG » + a SHA-256 in hex → « photo-equipe-2-3f9a2c1b.jpg ». With the type read from
 * the file's bytes (sniffImage), the extension is the type's own, whatever the original name said.
 */
export function mediaFileName(original: string, sha256: string, type?: ImageType): string {
  const dot = original.lastIndexOf('.');
  const base = slugKey(dot > 0 ? original.slice(0, dot) : original).slice(0, 60) || 'image';
  const named = dot > 0 ? slugKey(original.slice(dot + 1)).replace(/-/g, '') : '';
  const extension = type ? imageExtensions[type][0] : named === 'jpeg' ? 'jpg' : named;
  return `${base}-${sha256.slice(0, 8)}${extension ? `.${extension}` : ''}`;
}

/** What the local backend accepts as an upload's name (core of the rule above, checked on the server). */
export const mediaNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;

/**
 * An upload's largest size as it is stored: the admin reduces a photo to fit (cms/media.ts), and the build
 * makes the copies pages use.
 */
export const MEDIA_MAX_BYTES = 2 * 1024 * 1024;
/** A photo as an editor picks it (a phone's, 3 to 6 Mo): reduced in the browser before it is sent. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** What the image fields and the library say before a file is picked. */
export const UPLOAD_LIMITS =
  'Photo JPEG, PNG, WebP ou HEIC (iPhone) jusqu’à 15 Mo, réduite à l’envoi ; image AVIF ou GIF jusqu’à 2 Mo.';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** The extensions each type may carry, the first being the one a renamed file gets. */
export const imageExtensions: Record<ImageType, string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  webp: ['webp'],
  avif: ['avif'],
  gif: ['gif'],
};

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/**
 * The image type of a file from its first bytes, whatever its name says: a text, a page or a program
 * renamed « photo.png » is not an image. Undefined when it is none of the five.
 */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 4))) return 'avif';
  return undefined;
}

/** A HEIC or HEIF photo (an iPhone's): read by the admin only, which turns it into a JPEG before it is sent. */
export function isHeic(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 4, 4) === 'ftyp' && /^(heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(bytes, 8, 4));
}

/**
 * Whether a photo still carries what the phone or camera wrote beside the picture (Exif: where and when
 * it was taken, the device; XMP; IPTC; text chunks). An upload is published as it is stored, so the admin
 * draws such a photo again, which keeps only its pixels, and the local backend refuses one that kept them.
 * Read for the types the admin redraws (JPEG, PNG, WebP); false for the others.
 */
export function carriesMetadata(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (sniffImage(bytes)) {
    case 'jpeg':
      // Segments up to the picture's own data (SOS, 0xDA): APP1 holds Exif and XMP, APP13 IPTC.
      for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; at += 2 + view.getUint16(at + 2)) {
        const marker = bytes[at + 1]!;
        if (marker === 0xda) return false;
        if (marker === 0xe1 || marker === 0xed) return true;
      }
      return false;
    case 'png':
      for (let at = 8; at + 8 <= bytes.length; at += 12 + view.getUint32(at)) {
        const chunk = ascii(bytes, at + 4, 4);
        if (['eXIf', 'tEXt', 'zTXt', 'iTXt'].includes(chunk)) return true;
        if (chunk === 'IEND') return false;
      }
      return false;
    case 'webp':
      // An extended WebP (VP8X) says in its flags whether an XMP (0x04) or Exif (0x08) chunk follows.
      return bytes.length > 20 && ascii(bytes, 12, 4) === 'VP8X' && (bytes[20]! & 0x0c) !== 0;
    default:
      return false;
  }
}

/** Types the admin reduces (a photo): the others are sent as they are, within MEDIA_MAX_BYTES. */
export const reducible = new Set<ImageType | 'heic'>(['jpeg', 'png', 'webp', 'heic']);

/**
 * Why a picked file is refused, before anything is done with it; undefined when the admin can take it
 * (a photo of PHOTO_MAX_BYTES at most, reduced then; an AVIF or a GIF within MEDIA_MAX_BYTES).
 */
export function pickProblem(name: string, size: number, head: Uint8Array): string | undefined {
  const type = sniffImage(head) ?? (isHeic(head) ? 'heic' : undefined);
  if (!type)
    return `« ${name} » n’est pas une image que le site sait montrer. Choisissez une photo JPEG, PNG, WebP ou HEIC, ou une image AVIF ou GIF (les SVG et les documents ne sont pas acceptés).`;
  if (reducible.has(type) && size > PHOTO_MAX_BYTES)
    return `Photo trop lourde : ${fileSize(size)}, maximum ${fileSize(PHOTO_MAX_BYTES)}. Exportez-la plus petite (par exemple à 3 000 pixels de large) puis choisissez-la de nouveau.`;
  if (!reducible.has(type) && size > MEDIA_MAX_BYTES)
    return `Image trop lourde : ${fileSize(size)}, maximum ${fileSize(MEDIA_MAX_BYTES)} pour une image ${type.toUpperCase()}. Enregistrez-la en JPEG ou en PNG, elle sera réduite à l’envoi.`;
  return undefined;
}

/** « 4,2 Mo », « 850 Ko »: sizes as an editor reads them. */
export function fileSize(bytes: number): string {
  const format = (value: number) => value.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  // A no-break space: the figure never parts from its unit.
  return bytes >= 1024 * 1024
    ? `${format(bytes / 1024 / 1024)}\u00a0Mo`
    : `${format(Math.max(1, bytes / 1024))}\u00a0Ko`;
}

/**
 * Why an upload is refused, in the editor's words and with what to do; undefined when it may be saved.
 * `name` is the file's name as the editor knows it, `head` its first bytes (16 are enough).
 */
export function uploadProblem(name: string, size: number, head: Uint8Array): string | undefined {
  const type = sniffImage(head);
  if (!type)
    return `« ${name} » n’est pas une image que le site sait montrer. Choisissez une photo ou une image JPEG, PNG, WebP, AVIF ou GIF (les SVG et les documents ne sont pas acceptés).`;
  if (size > MEDIA_MAX_BYTES)
    return `Image trop lourde : ${fileSize(size)}, maximum ${fileSize(MEDIA_MAX_BYTES)}. Réduisez-la (par exemple à 2 000 pixels de large, en JPEG) puis choisissez-la de nouveau.`;
  return undefined;
}
