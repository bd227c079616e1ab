/** Test images made here, so that no test depends on a binary file or a codec of its own. */
import { deflateSync } from 'node:zlib';

/**
 * A real PNG, `width` × `height`, a gradient (the build's codecs decode it and make its copies); with
 * `noise`, random pixels stored uncompressed: the weight of a phone's photo.
 */
export function pngFile(width: number, height: number, noise = false): Buffer {
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
    chunk('IDAT', deflateSync(rows, { level: noise ? 0 : -1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
