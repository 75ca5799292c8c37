/**
 * English counts in the core's own text (CLI output, report sentences, warnings): "1 run",
 * "2 runs", by the language's plural rules, as the workbench's message catalog does
 * (renderer/i18n/format.ts). Chinese needs no plural form.
 */
const EN = new Intl.PluralRules('en-US');

/** "1 run" / "3 runs"; `other` defaults to `one` + "s". */
export function countOf(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${EN.select(n) === 'one' ? one : other}`;
}

/** The word alone: "thread" for 1, "threads" otherwise. */
export function pluralWord(n: number, one: string, other = `${one}s`): string {
  return EN.select(n) === 'one' ? one : other;
}
