/**
 * Turning bytes into text the way result files actually arrive: UTF-8 with or without a BOM,
 * UTF-16 from Windows tools, and the occasional binary file dropped by mistake.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** Sniffs a byte-order mark; returns the encoding and how many bytes the mark takes. */
export function sniffBom(bytes: Uint8Array): { encoding: TextEncodingName; skip: number } {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', skip: 3 };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  return { encoding: 'utf-8', skip: 0 };
}

/**
 * A file is binary when its head holds NUL bytes and it is not UTF-16 (which is full of them).
 * Checking the first 8 KiB is what git and grep do, and it is enough for every text format here.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const { encoding } = sniffBom(bytes);
  if (encoding !== 'utf-8') return false;
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

export function decodeText(bytes: Uint8Array, maxBytes = Infinity): DecodedText {
  const { encoding, skip } = sniffBom(bytes);
  let end = Math.min(bytes.length, skip + maxBytes);
  // Cut on a whole UTF-16 code unit so a truncated head does not end in a replacement char.
  if (encoding !== 'utf-8' && (end - skip) % 2 === 1) end -= 1;
  const view = bytes.subarray(skip, end);
  const text = new TextDecoder(encoding, { fatal: false }).decode(view);
  return { text, encoding };
}

/** 1-based line number of a character offset, for error messages. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
