/**
 * Editors' images (docs/decisions/0050-uploaded-images-end-to-end.md): checked when picked, in French,
 * and made into AVIF and WebP copies at build, shown through <picture>.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  UPLOAD_LIMITS,
  carriesMetadata,
  fileSize,
  isHeic,
  mediaFileName,
  pickProblem,
  sniffImage,
  uploadProblem,
} from '../../core/content/media-names.ts';
import { buildImages, widthsFor } from '../../site/lib/images.ts';
import { pictureHtml } from '../../site/lib/picture.ts';
import { renderMarkdown } from '../../site/lib/markdown.ts';
import { pngFile, withExif } from '../support/png.ts';

const png = pngFile(1000, 500);

describe('An image picked in the CMS', () => {
  it('is known by its bytes, whatever its name says', () => {
    expect(sniffImage(png)).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(12).fill(0)]))).toBe('jpeg');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('\0\0\0\x1cftypavif\0\0\0\0'))).toBe('avif');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeUndefined();
  });

  it('is refused in French, with what to do, when too heavy or not an image', () => {
    expect(uploadProblem('photo.jpg', 4.2 * 1024 * 1024, png)).toBe(
      'Image trop lourde : 4,2\u00a0Mo, maximum 2\u00a0Mo. Réduisez-la (par exemple à 2 000 pixels de large, en JPEG) puis choisissez-la de nouveau.',
    );
    expect(uploadProblem('devis.png', 2000, Buffer.from('%PDF-1.7 un document'))).toMatch(
      /^« devis\.png » n’est pas une image que le site sait montrer\. Choisissez/,
    );
    expect(uploadProblem('sourire.png', png.length, png)).toBeUndefined();
    expect(fileSize(850 * 1024)).toBe('850\u00a0Ko');
  });

  it('may be a phone’s photo up to 15 Mo, HEIC included, the limit said in French before and after', () => {
    const heic = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'images', 'photo.heic'));
    expect(isHeic(heic)).toBe(true);
    expect(isHeic(png)).toBe(false);
    expect(pickProblem('IMG_0042.HEIC', heic.length, heic)).toBeUndefined();
    expect(
      pickProblem('photo.jpg', 6 * 1024 * 1024, Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(12).fill(0)])),
    ).toBeUndefined();
    expect(pickProblem('photo.png', 18.3 * 1024 * 1024, png)).toBe(
      'Photo trop lourde : 18,3\u00a0Mo, maximum 15\u00a0Mo. Exportez-la plus petite (par exemple à 3 000 pixels de large) puis choisissez-la de nouveau.',
    );
    expect(pickProblem('anime.gif', 3 * 1024 * 1024, Buffer.from('GIF89a\0\0\0\0\0\0\0\0\0\0'))).toMatch(
      /^Image trop lourde : 3\u00a0Mo, maximum 2\u00a0Mo pour une image GIF\./,
    );
    expect(UPLOAD_LIMITS).toContain('15 Mo');
  });

  it('is known to carry where it was taken (Exif, XMP, IPTC, text), in JPEG, PNG and WebP', () => {
    // SOI, a JFIF header (APP0), then the picture's data (SOS): what a canvas writes.
    const jpeg = Buffer.from([
      ...[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0],
      ...[0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0xff, 0xd9],
    ]);
    expect(carriesMetadata(jpeg)).toBe(false);
    expect(carriesMetadata(withExif(jpeg))).toBe(true);
    expect(carriesMetadata(png)).toBe(false);
    expect(carriesMetadata(pngFile(4, 4, false, true))).toBe(true);
    const webp = (flags: number) =>
      Buffer.concat([
        Buffer.from('RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0', 'latin1'),
        Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      ]);
    expect(carriesMetadata(webp(0x10))).toBe(false); // alpha only
    expect(carriesMetadata(webp(0x08))).toBe(true); // Exif
    expect(carriesMetadata(webp(0x04))).toBe(true); // XMP
  });

  it('is renamed with the extension of its real type', () => {
    expect(mediaFileName('Photo Équipe (2).JPG', 'a'.repeat(64), 'png')).toBe('photo-equipe-2-aaaaaaaa.png');
    expect(mediaFileName('Photo Équipe (2).JPG', '3f9a2c1b'.repeat(8))).toBe('photo-equipe-2-3f9a2c1b.jpg');
  });
});

describe('Images at build', () => {
  it('are never made wider than the file', () => {
    expect(widthsFor(3000)).toEqual([480, 960, 1440]);
    expect(widthsFor(1000)).toEqual([480, 960, 1000]);
    expect(widthsFor(300)).toEqual([300]);
  });

  it('get AVIF and WebP copies, cached, and a <picture> in pages and articles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-images-'));
    try {
      mkdirSync(join(dir, 'public/images/blog'), { recursive: true });
      writeFileSync(join(dir, 'public/images/blog/sourire-1a2b3c4d.png'), png);
      writeFileSync(join(dir, 'public/images/blog/dessin.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const first = await buildImages(join(dir, 'public'), join(dir, '_site'), join(dir, 'cache'));
      expect(first.encoded).toBe(6);
      for (const width of [480, 960, 1000]) {
        const avif = readFileSync(join(dir, `_site/images/blog/sourire-1a2b3c4d-${width}.avif`));
        expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif');
        expect(sniffImage(readFileSync(join(dir, `_site/images/blog/sourire-1a2b3c4d-${width}.webp`)))).toBe('webp');
      }
      expect(existsSync(join(dir, '_site/images/blog/dessin-480.webp'))).toBe(false);
      // A second build encodes nothing: the copies come from the cache.
      const second = await buildImages(join(dir, 'public'), join(dir, '_site'), join(dir, 'cache'));
      expect(second.encoded).toBe(0);
      const html = pictureHtml('/images/blog/sourire-1a2b3c4d.png', { alt: 'Un sourire' })!;
      expect(html).toContain(
        'srcset="/images/blog/sourire-1a2b3c4d-480.avif 480w, /images/blog/sourire-1a2b3c4d-960.avif 960w, /images/blog/sourire-1a2b3c4d-1000.avif 1000w"',
      );
      expect(html).toContain('<img src="/images/blog/sourire-1a2b3c4d.png" alt="Un sourire" width="1000" height="500"');
      expect(renderMarkdown('![Un sourire](/images/blog/sourire-1a2b3c4d.png)').html).toContain(
        '<picture><source type="image/avif"',
      );
      expect(renderMarkdown('![Un dessin](/images/blog/dessin.svg)').html).toContain(
        '<img src="/images/blog/dessin.svg" alt="Un dessin">',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
