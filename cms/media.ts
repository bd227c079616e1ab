/**
 * Uploaded files get names an editor cannot break (docs/decisions/0029-cms-for-editors.md): lowercase ASCII
 * words joined by dashes, then a short fingerprint of the content, so « Photo Équipe (2).JPG » becomes
 * « photo-equipe-2-3f9a2c1b.jpg » and two different files never share a name (nothing is overwritten).
 * The file is renamed as the editor picks it, before Decap's media library sees it.
 */
import { mediaFileName } from '../core/content/media-names.ts';

async function fingerprint(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function renameUploads(root: Document): void {
  root.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.files?.length) return;
      if (input.dataset.renamed === 'true') return void delete input.dataset.renamed;
      // Decap reads the files on this same event: hold it, rename, then hand it on once.
      event.stopImmediatePropagation();
      const files = [...input.files];
      void Promise.all(
        files.map(
          async (file) => new File([file], mediaFileName(file.name, await fingerprint(file)), { type: file.type }),
        ),
      ).then((renamed) => {
        const transfer = new DataTransfer();
        for (const file of renamed) transfer.items.add(file);
        input.files = transfer.files;
        input.dataset.renamed = 'true';
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
    },
    true,
  );
}
