/** A mistake in the command line: printed with a pointer to --help, exit status 2. */
export class UsageError extends Error {}

/** Parsed command-line options, as node:util's parseArgs gives them. */
export type OptionValues = Readonly<Record<string, string | boolean | string[] | undefined>>;

/** A text option as given, or undefined when absent or blank. */
export function option(values: OptionValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** A text option the command cannot do without: a usage error naming it when absent or blank. */
export function required(values: OptionValues, name: string): string {
  const v = option(values, name);
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}
