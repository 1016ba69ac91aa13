import type { OperationDef } from '../../../shared/contract/operation';
import { bodyFields, flagUsage, sketchOf, type BodyField } from '../args/body-fields';
import { confirmationStyle } from '../args/destructive';
import { examplesOf } from './operation-examples';

/*
 * The parts of an operation's `--help` that say how to write it: each body field with its flag,
 * type, names and whether it is required; `--wait`/`--no-wait` of an operation that starts a
 * job; `--yes` of one that removes something; and examples to copy. help/command-help.ts puts them in
 * the operation's help.
 */

/** What one field's line says after its flag: required, its names, its form. */
function fieldNotes(field: BodyField): string {
  const notes = [field.required ? 'required' : 'optional'];
  if (field.kind === 'names' || field.enumeration) notes.push('names in any letter case');
  if (field.kind === 'list') notes.push('comma-separated, repeated, or a JSON array');
  if (field.kind === 'json') notes.push(`JSON: ${sketchOf(field.schema)}`);
  if (field.kind === 'number') notes.push('a number');
  if (field.format) notes.push(field.format);
  if (field.nullable) notes.push('or null');
  return notes.join('; ');
}

/** The lines of the body: one per field, or how to give a body that has no fields to flag. */
export function bodyHelp(op: OperationDef): string[] {
  if (op.body?.contentType === 'bytes') return ['  body: --body-file FILE (required)'];
  if (op.body?.contentType !== 'json') return [];
  const fields = bodyFields(op);
  const need = op.body.required ? 'required' : 'optional';
  if (fields.length === 0) {
    return [`  body: --body JSON|@FILE (${need}), JSON: ${sketchOf(op.body.schema)}`];
  }
  const shown = fields.map((field) => ({
    usage: field.noFlag === undefined ? flagUsage(field) : `${field.name} (in --body only)`,
    notes: field.noFlag === undefined ? fieldNotes(field) : `${fieldNotes(field)}; ${field.noFlag}`,
  }));
  const width = Math.max(...shown.map((line) => line.usage.length));
  return [
    `  body (${need}): each field is a flag of its name; or --body JSON|@FILE for several, merged`,
    `    with the flags (a field given both ways is refused)`,
    ...shown.flatMap(({ usage, notes }) => wrapped(`    ${usage.padEnd(width)}  `, notes)),
  ];
}

/** Where help lines are wrapped. */
const WIDTH = 96;

/** `head` then `text`, wrapped at its spaces, continued `indent` columns in (under the text). */
function wrapped(head: string, text: string, indent = head.length): string[] {
  const lines: string[] = [];
  let line = head;
  for (const word of text.split(' ')) {
    if (line.trim() !== '' && line.length > head.length && line.length + word.length >= WIDTH) {
      lines.push(line.trimEnd());
      line = ' '.repeat(indent);
    }
    line += line.endsWith(' ') ? word : ` ${word}`;
  }
  return [...lines, line];
}

/** How to follow the job an operation starts: here with --wait, or later with `jobs wait`. */
export function jobHelp(op: OperationDef): string[] {
  if (!op.startsJob) return [];
  const later =
    'instanceName' in op.pathParams.shape
      ? 'follow it later with "databridge jobs wait --instanceName I --jobId J"'
      : 'follow it later with "databridge jobs getStatus --jobId J"';
  return [
    `  starts a background job: ${later}`,
    '    (J: the jobId it answers; "databridge jobs wait --help"), or here:',
    '    --wait       follow the job to its end (progress on stderr), print the job, and exit',
    '                 as it ended: 0 succeeded, 5 failed, 1 no longer known to the service',
    '    --no-wait    (the default) print the jobId as soon as the job has started',
  ];
}

/** How a destructive operation is confirmed: asked on a terminal, `--yes` from a script. */
export function confirmHelp(op: OperationDef): string[] {
  const style = confirmationStyle(op);
  if (!style) return [];
  const when = style.onlyWhenRemoving ? ' when it removes something' : '';
  const asks = style.typeName
    ? 'asks you to type the database name (it reads the database first, to know its size: an empty one, 0 MB, is confirmed with y/N)'
    : 'asks y/N';
  return [
    ...wrapped(
      '  ',
      `confirmed first${when}: on a terminal it ${asks}; from a script (stdin or stderr not a terminal) it is refused with exit code 2 and nothing sent, unless given:`,
      4,
    ),
    '    --yes        confirm it without asking',
  ];
}

/** The examples, each a comment (if any) and a command line wrapped with `\`. */
export function examplesHelp(op: OperationDef): string[] {
  const examples = examplesOf(op.id);
  if (examples.length === 0) return [];
  return [
    examples.length > 1 ? 'Examples:' : 'Example:',
    ...examples.flatMap(({ note, line }) => [...(note ? [`  # ${note}`] : []), ...line]),
  ];
}
