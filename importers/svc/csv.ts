/**
 * CSV records as Spectrum Control / Storage Insights and TPC-style tools write them (FORMATS.md
 * 4.3): quoted fields with doubled quotes, CRLF or LF, a comma or (European locales) a semicolon
 * with decimal commas.
 */

export interface CsvRecord {
  fields: string[];
  /** 1-based line where the record starts. */
  line: number;
}

/** The delimiter of a header line: the most frequent of , ; and tab outside quotes. */
export function guessDelimiter(line: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c in counts) counts[c]!++;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

/** All records of a text; a quoted field may span lines. An unclosed quote ends at the text's end. */
export function parseCsv(text: string, delim: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  const d = delim.charCodeAt(0);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 34) {
        if (text.charCodeAt(i + 1) === 34) {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === 10) line++;
        field += text[i];
      }
      continue;
    }
    if (c === 34 && field.trim() === '') {
      quoted = true;
      field = '';
      any = true;
    } else if (c === d) {
      fields.push(field);
      field = '';
      any = true;
    } else if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (any || field !== '') fields.push(field);
      records.push({ fields, line: start });
      fields = [];
      field = '';
      any = false;
      line++;
      start = line;
    } else {
      field += text[i];
      any = true;
    }
  }
  if (any || field !== '') {
    fields.push(field);
    records.push({ fields, line: start });
  }
  return records;
}

/**
 * A number as these exports write it: "12.5", "1,234.5" (quoted, with thousands separators),
 * "12,5" where the delimiter is ';' (decimal comma). Null for anything else, blanks included.
 */
export function csvNumber(raw: string, delim: string): number | null {
  let s = raw.trim();
  if (s === '' || s === '-' || /^n\/?a$/i.test(s)) return null;
  if (delim === ';' || delim === '\t') {
    if (/^-?\d{1,3}(?:\.\d{3})+,\d+$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
    else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  }
  if (/^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(s)) return null;
  return Number(s);
}
