/*
 * `--output json` (indented, as the CLI has always printed answers) and `--output jsonl`:
 * one compact JSON value per line, each element of a list on its own line, for `while read`
 * loops and tools that stream records.
 */

/** The answer as indented JSON. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value ?? null, null, 2)}\n`;
}

/** The answer as JSON lines: a line per element of a list, else one line. */
export function renderJsonLines(value: unknown): string {
  const items: unknown[] = Array.isArray(value) ? value : [value];
  return items.map((item) => `${JSON.stringify(item ?? null)}\n`).join('');
}
