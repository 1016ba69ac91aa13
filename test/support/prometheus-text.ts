/*
 * A small reader of the Prometheus text format, enough for tests and benches to find a
 * metric's value by its labels: `name{label="value",...} number` lines, comments skipped.
 */

/** One sample of a scrape. */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses a scrape; a line that is not a comment and does not parse throws. */
export function parsePromText(text: string): PromSample[] {
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(LABEL)) {
      labels[label[1] ?? ''] = (label[2] ?? '').replace(/\\(.)/g, (_, c: string) =>
        c === 'n' ? '\n' : c,
      );
    }
    const raw = match[3] ?? '';
    // As Prometheus reads it (Go's ParseFloat): NaN in any case; prom-client writes "Nan".
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw);
    if (Number.isNaN(value) && raw.toLowerCase() !== 'nan') {
      throw new Error(`Not a number: ${line}`);
    }
    samples.push({ name: match[1] ?? '', labels, value });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels`; undefined if none. */
export function promValue(
  samples: readonly PromSample[],
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;
}
