/**
 * Excel's rules for a sheet name: at most 31 characters, none of : \ / ? * [ ], not starting or
 * ending with an apostrophe, not "History" (reserved), unique in the book without regard to
 * case. A name is cut at a word where it can be (readable, not "Chart total IOPS speedup agains"),
 * and a repeat gets a suffix that still fits: "Table 1 … (2)", "(10)".
 */
export const SHEET_NAME_MAX = 31;

function fit(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  // Cut at the last space that keeps at least half the room, and mark the cut.
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= max / 2 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}

/** A legal, readable sheet name for `wanted`, unique among `taken` (lower-cased names; it is added). */
export function sheetName(wanted: string, taken: Set<string>): string {
  let base = wanted.replace(/[[\]:*?/\\\u0000-\u001f]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '').trim() || 'Sheet';
  if (base.toLowerCase() === 'history') base = 'History (sheet)';
  let name = fit(base, SHEET_NAME_MAX);
  for (let i = 2; taken.has(name.toLowerCase()); i++) {
    const suffix = ` (${i})`;
    name = `${fit(base, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  }
  taken.add(name.toLowerCase());
  return name;
}
