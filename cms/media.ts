/**
 * Uploads, as the editor picks the file (docs/decisions/0050-uploaded-images-end-to-end.md):
 *   - checked at once: an image of a type the site shows, of 2 Mo at most (core/content/media-names.ts),
 *     else refused on the spot with what to do, before anything is sent or saved;
 *   - renamed so that no name can break an address: lowercase ASCII words joined by dashes, a short
 *     fingerprint of the content, the extension of its real type, so « Photo Équipe (2).JPG » becomes
 *     « photo-equipe-2-3f9a2c1b.jpg » and two different files never share a name (nothing is overwritten).
 * Both happen before Decap's media library sees the file.
 */
import { mediaFileName, sniffImage, uploadProblem } from '../core/content/media-names.ts';
import { showMessage } from './problems.ts';

async function fingerprint(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The file renamed, or why it is refused. */
async function prepare(file: File): Promise<File | string> {
  const bytes = await file.arrayBuffer();
  const head = new Uint8Array(bytes, 0, Math.min(16, bytes.byteLength));
  const problem = uploadProblem(file.name, file.size, head);
  if (problem) return problem;
  const type = sniffImage(head)!;
  return new File([bytes], mediaFileName(file.name, await fingerprint(bytes), type), { type: `image/${type}` });
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
}
