/**
 * The body of a form posted without JavaScript, read strictly: a form whose bytes are not UTF-8 (raw, or
 * once its %XX escapes are decoded) is refused, as the JSON function refuses such a body, instead of being
 * stored with replacement characters. The fields are still read leniently, to show the visitor the form
 * again with what could be read.
 */

export type FormFields = Map<string, string[]>;
export type FormBody = { ok: true; fields: FormFields } | { ok: false; reason: 'encoding'; fields: FormFields };

const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

function hex(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** application/x-www-form-urlencoded (WHATWG URL, section 5.1) on bytes: "+" is a space, %XX a byte. */
function unescapeBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x2b) out[length++] = 0x20;
    else if (byte === 0x25 && i + 2 < bytes.length && hex(bytes[i + 1]!) >= 0 && hex(bytes[i + 2]!) >= 0) {
      out[length++] = hex(bytes[i + 1]!) * 16 + hex(bytes[i + 2]!);
      i += 2;
    } else out[length++] = byte;
  }
  return out.subarray(0, length);
}

function split(bytes: Uint8Array, separator: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++)
    if (i === bytes.length || bytes[i] === separator) {
      parts.push(bytes.subarray(start, i));
      start = i + 1;
    }
  return parts;
}

/** A url-encoded body: its fields, and whether every name and value is valid UTF-8. */
export function parseUrlEncoded(body: Uint8Array): FormBody {
  const fields: FormFields = new Map();
  let valid = true;
  const text = (bytes: Uint8Array) => {
    try {
      return strict.decode(bytes);
    } catch {
      valid = false;
      return lenient.decode(bytes);
    }
  };
  for (const pair of split(body, 0x26)) {
    if (pair.length === 0) continue;
    const at = pair.indexOf(0x3d);
    const name = text(unescapeBytes(at === -1 ? pair : pair.subarray(0, at)));
    const value = at === -1 ? '' : text(unescapeBytes(pair.subarray(at + 1)));
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  return valid ? { ok: true, fields } : { ok: false, reason: 'encoding', fields };
}

/** A form body of either encoding a browser posts; any other type gives no fields (the form then fails validation). */
export async function readFormBody(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormBody> {
  if (/^\s*application\/x-www-form-urlencoded\b/i.test(contentType)) return parseUrlEncoded(body);
  if (!/^\s*multipart\/form-data\b/i.test(contentType)) return { ok: true, fields: new Map() };
  let valid = true;
  try {
    strict.decode(body);
  } catch {
    valid = false;
  }
  const fields: FormFields = new Map();
  try {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    for (const [name, value] of form)
      if (typeof value === 'string') fields.set(name, [...(fields.get(name) ?? []), value]);
  } catch {
    // An unreadable envelope gives no fields: the form is shown again with its errors.
  }
  return valid ? { ok: true, fields } : { ok: false, reason: 'encoding', fields };
}
