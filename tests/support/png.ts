/** Test images made here, so that no test depends on a binary file or a codec of its own. */
import { deflateSync } from 'node:zlib';

/**
 * Exif as a phone writes it beside a photo, reduced to what matters here: where it was taken (a GPS
 * directory with its latitude's hemisphere). Big-endian TIFF: header, IFD0 pointing to the GPS IFD.
 */
export function exifLocation(): Buffer {
  const tiff = Buffer.alloc(44);
  tiff.write('MM\0\x2a', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8); // IFD0: one entry, the GPS IFD's offset (tag 0x8825, LONG).
  tiff.writeUInt16BE(0x8825, 10);
  tiff.writeUInt16BE(4, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt32BE(26, 18);
  tiff.writeUInt16BE(1, 26); // GPS IFD: GPSLatitudeRef (tag 1, ASCII) « N ».
  tiff.writeUInt16BE(1, 28);
  tiff.writeUInt16BE(2, 30);
  tiff.writeUInt32BE(2, 32);
  tiff.write('N', 36, 'latin1');
  return tiff;
}

/** A JPEG with a phone's Exif segment (APP1) put back right after its start. */
export function withExif(jpeg: Buffer): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifLocation()]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

/**
 * A real PNG, `width` × `height`, a gradient (the build's codecs decode it and make its copies); with
 * `noise`, random pixels stored uncompressed: the weight of a phone's photo; with `exif`, the place it
 * was taken (an eXIf chunk).
 */
export function pngFile(width: number, height: number, noise = false, exif = false): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const check = Buffer.alloc(4);
    check.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, check]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      rows.set(
        noise
          ? [Math.random() * 255, Math.random() * 255, Math.random() * 255]
          : [(x * 255) / width, 160, (y * 255) / height],
        y * (width * 3 + 1) + 1 + x * 3,
      );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(exif ? [chunk('eXIf', exifLocation())] : []),
    chunk('IDAT', deflateSync(rows, { level: noise ? 0 : -1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
