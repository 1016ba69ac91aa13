/*
 * The names `--output` takes, in a module of their own with no imports: the help and shell
 * completion list them without loading the command line's parsers or the catalogue.
 */

/**
 * The formats `--output` (`-o`) takes; the first is the default on a terminal. `wide` is the
 * table with every column, whatever the terminal's width.
 */
export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'jsonl', 'tsv', 'csv'] as const;
/** One of {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
