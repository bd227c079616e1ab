/**
 * Uploads, as the editor picks the file (docs/decisions/0050-uploaded-images-end-to-end.md,
 * docs/decisions/0071-editors-see-status-and-refusals.md):
 *   - checked at once (core/content/media-names.ts): a photo JPEG, PNG, WebP or HEIC of 15 Mo at most, an
 *     AVIF or a GIF of 2 Mo, else refused on the spot with what to do, before anything is sent or saved;
 *   - a photo reduced in the browser to what pages need (2 400 pixels on its longer side, 2 Mo at most),
 *     a HEIC one turned into a JPEG first (heic-to, loaded only then), and drawn again when it carries
 *     metadata (a phone's Exif says where the photo was taken): only its pixels are published;
 *   - renamed so that no name can break an address: lowercase ASCII words joined by dashes, a short
 *     fingerprint of the content, the extension of its real type, so « Photo Équipe (2).JPG » becomes
 *     « photo-equipe-2-3f9a2c1b.jpg » and two different files never share a name (nothing is overwritten);
 *   - shown at once: Decap names a picked image by its address on the site, which answers only after the
 *     save; the field, the library and the preview show the picked file itself until then.
 * Both happen before Decap's media library sees the file.
 */
import {
  carriesMetadata,
  MEDIA_MAX_BYTES,
  mediaFileName,
  pickProblem,
  reducible,
  sniffImage,
  type ImageType,
} from '../core/content/media-names.ts';
import { showMessage } from './problems.ts';

/** The longer side of a reduced photo: twice the widest copy pages show (site/lib/images.ts, 1 440). */
const LONGER_SIDE = 2400;

async function fingerprint(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A photo no larger than pages need, in its own type when that fits in MEDIA_MAX_BYTES, else in JPEG;
 * drawn again (its pixels only, turned upright) when it carries where and when it was taken.
 */
async function reduced(photo: Blob, type: ImageType): Promise<{ blob: Blob; type: ImageType }> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, LONGER_SIDE / Math.max(bitmap.width, bitmap.height));
  const clean = !carriesMetadata(new Uint8Array(await photo.arrayBuffer()));
  if (scale === 1 && photo.size <= MEDIA_MAX_BYTES && clean) return { blob: photo, type };
  const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const [as, quality] of [
    [type, 0.85],
    ['jpeg', 0.85],
    ['jpeg', 0.7],
    ['jpeg', 0.55],
  ] as const) {
    const blob = await canvas.convertToBlob({ type: `image/${as}`, quality });
    if (blob.size <= MEDIA_MAX_BYTES) return { blob, type: as };
  }
  return { blob: await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.4 }), type: 'jpeg' };
}

/** The file ready to send, or why it is refused. */
async function prepare(file: File): Promise<File | string> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const problem = pickProblem(file.name, file.size, head);
  if (problem) return problem;
  let photo: { blob: Blob; type: ImageType | 'heic' } = { blob: file, type: sniffImage(head) ?? 'heic' };
  try {
    if (photo.type === 'heic') {
      const { heicTo } = await import('heic-to');
      photo = { blob: await heicTo({ blob: file, type: 'image/jpeg', quality: 0.9 }), type: 'jpeg' };
    }
    if (reducible.has(photo.type)) photo = await reduced(photo.blob, photo.type as ImageType);
  } catch (error) {
    console.warn('Photo illisible :', error);
    return `« ${file.name} » n’a pas pu être lue comme une photo. Ouvrez-la sur votre ordinateur, enregistrez-la en JPEG, puis choisissez-la de nouveau.`;
  }
  const bytes = await photo.blob.arrayBuffer();
  const type = photo.type as ImageType;
  const named = new File([bytes], mediaFileName(file.name, await fingerprint(bytes), type), { type: `image/${type}` });
  picked.set(named.name, URL.createObjectURL(named));
  return named;
}

/** The files picked in this session, by name: their own address until the site serves them. */
const picked = new Map<string, string>();

/** The picked file's own address for an image address of the site, if it was picked in this session. */
export function pickedImage(address: string): string | undefined {
  return picked.get(address.split(/[?#]/)[0]!.split('/').pop() ?? '');
}

export function checkAndRenameUploads(root: Document): void {
  root.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length) return;
      if (input.dataset.renamed === 'true') return void delete input.dataset.renamed;
      // Decap reads the files on this same event: hold it, check and rename, then hand it on once.
      event.stopImmediatePropagation();
      void Promise.all([...input.files].map(prepare)).then((prepared) => {
        const refused = prepared.filter((item): item is string => typeof item === 'string');
        if (refused.length) {
          input.value = '';
          showMessage('Image refusée', refused.join('\n'), 'Rien n’a été envoyé : choisissez une autre image.');
          return;
        }
        const transfer = new DataTransfer();
        for (const file of prepared as File[]) transfer.items.add(file);
        input.files = transfer.files;
        input.dataset.renamed = 'true';
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    },
    true,
  );
  // The field's thumbnail asks the site for a file it does not serve before the save: shown from here.
  root.addEventListener(
    'error',
    (event) => {
      const image = event.target;
      if (!(image instanceof HTMLImageElement)) return;
      const own = pickedImage(image.getAttribute('src') ?? '');
      if (own && image.src !== own) image.src = own;
    },
    true,
  );
}
