/**
 * Bytes of a delimited table to text. Tables come from every kind of Excel and every locale:
 * UTF-8 with or without a BOM, UTF-16 with a BOM ("Unicode text" from Excel), GBK / GB18030
 * from a Chinese Windows Excel ("CSV" there means the ANSI code page, 936), and cp1252 from a
 * Western one. Only a BOM or valid UTF-8 is certain; the rest is told apart by byte shape.
 */

export type TableEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'windows-1252';

export interface DecodedTable {
  text: string;
  encoding: TableEncoding;
}

function validUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * GBK text is pairs of bytes, both in 0xA1-0xFE for the GB2312 characters a header uses; cp1252
 * text has lone high bytes (µ, °, é) between ASCII. Counting both shapes decides.
 */
function looksGbk(bytes: Uint8Array): boolean {
  let pairs = 0;
  let lone = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 0x80) continue;
    const next = bytes[i + 1] ?? 0;
    if (b >= 0x81 && b <= 0xfe && next >= 0x40 && next <= 0xfe && next !== 0x7f) {
      if (b >= 0xa1 && next >= 0xa1) pairs++;
      else lone++;
      i++;
    } else {
      lone++;
    }
  }
  if (pairs === 0 || pairs < lone) return false;
  try {
    new TextDecoder('gb18030', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function decodeTable(bytes: Uint8Array): DecodedTable {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  if (validUtf8(bytes)) return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8' };
  if (looksGbk(bytes)) return { text: new TextDecoder('gb18030').decode(bytes), encoding: 'gb18030' };
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}
