/** Message formatting, apart from React so that it can be tested on its own. */

/**
 * Fills `{name}` from vars; `{name|one|other}` picks the English singular or plural by the
 * number (Chinese needs no plural and does not use it).
 */
export function format(template: string, vars?: Record<string, string | number>): string {
  if (!vars) return template;
  return template
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (m, k: string, one: string, other: string) => (vars[k] === undefined ? m : Number(vars[k]) === 1 ? one : other))
    .replace(/\{(\w+)\}/g, (m, k: string) => (vars[k] !== undefined ? String(vars[k]) : m));
}
