import { DEFAULT_COLUMNS, type OutputSettings } from './output-args';
import { renderDelimited } from './output-delimited';
import { renderJson, renderJsonLines } from './output-json';
import { renderTable } from './output-table';

/*
 * The last step of every command that answers: `--query` picks from the answer, then
 * `--output` writes it. Catalogue operations, the transfer commands and `jobs wait` all print
 * their result through here, so a script can rely on the same formats everywhere.
 */

/** What to print: the answer on stdout, and a note for stderr (fields a table left out). */
export interface RenderedAnswer {
  readonly stdout: string;
  readonly stderr?: string;
}

/** JSON, as the CLI printed before `--output` existed (and for callers that set nothing). */
const JSON_OUTPUT: OutputSettings = {
  format: 'json',
  width: DEFAULT_COLUMNS,
  given: false,
};

/** The answer, queried and formatted. Throws a QueryFailedError when the query fails on it. */
export function renderAnswer(
  answer: unknown,
  settings: OutputSettings = JSON_OUTPUT,
): RenderedAnswer {
  const value = settings.query ? settings.query(answer) : answer;
  switch (settings.format) {
    case 'json':
      return { stdout: renderJson(value) };
    case 'jsonl':
      return { stdout: renderJsonLines(value) };
    case 'tsv':
    case 'csv':
      return { stdout: renderDelimited(value, settings.format) };
    case 'table':
    case 'wide': {
      const { width, resource, chosen } = settings;
      const table = renderTable(value, {
        width,
        wide: settings.format === 'wide',
        ...(resource ? { resource } : {}),
        ...(chosen ? { chosen } : {}),
      });
      return table.note === undefined
        ? { stdout: table.text }
        : { stdout: table.text, stderr: `${table.note}\n` };
    }
  }
}
