/**
 * Message formatting, apart from React so that it can be tested on its own: the subset of ICU
 * MessageFormat the catalog uses.
 *
 * - `{name}`: the value as given.
 * - `{name, plural, =0 {…} one {…} other {…}}`: the branch the language's plural rules
 *   (Intl.PluralRules) pick for the number, an exact `=N` first; `#` in the branch is the number.
 *   English says "1 run" and "2 runs"; Chinese has one form, so its catalog needs no plural.
 */

const rulesByLocale = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/** The index just past the `}` that closes the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** `=0 {none} one {# run} other {# runs}` as selector -> text. */
function pluralOptions(body: string): Map<string, string> {
  const options = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const m = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(i));
    if (!m) break;
    const open = i + m[0].length - 1;
    const end = closing(body, open);
    if (end < 0) break;
    options.set(m[1]!, body.slice(open + 1, end - 1));
    i = end;
  }
  return options;
}

function placeholder(inner: string, vars: Record<string, string | number>, locale: string): string | null {
  const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
  if (plural) {
    const value = vars[plural[1]!];
    if (value === undefined) return null;
    const n = Number(value);
    const options = pluralOptions(plural[2]!);
    const branch = options.get(`=${n}`) ?? options.get(pluralRules(locale).select(n)) ?? options.get('other');
    if (branch === undefined) return null;
    return format(branch.replace(/#/g, n.toLocaleString(locale)), vars, locale);
  }
  const name = /^\s*(\w+)\s*$/.exec(inner);
  if (name && vars[name[1]!] !== undefined) return String(vars[name[1]!]);
  return null;
}

/** Fills a catalog message with its values in `locale` (plural forms by that language's rules). */
export function format(template: string, vars?: Record<string, string | number>, locale = 'en'): string {
  if (!vars) return template;
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) break;
    const end = closing(template, open);
    if (end < 0) break;
    out += template.slice(i, open);
    const filled = placeholder(template.slice(open + 1, end - 1), vars, locale);
    // An unknown name is left as written: a missing value shows rather than vanishing.
    out += filled ?? template.slice(open, end);
    i = end;
  }
  return out + template.slice(i);
}
