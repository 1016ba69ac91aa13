import { createReadStream } from 'node:fs';
import { UsageError, parameterNames, type CliCommand } from './operation-args';
import { readBodyFile } from './body-file';
import { bodyOfFlags, mergeBody } from './body-flags';
import { namedInput } from './enum-args';
import { BODY_PASSWORD_WARNING, holdsPassword } from './secret-args';

/*
 * What a command line sends: an operation's input built from its parameters, its body fields
 * given as flags and `--body` (merged), or `--body-file`, with enumerations taken by name.
 * Checked afterwards with the operation's schemas (args/body-check.ts, then the request's own).
 */

type RunCommand = Extract<CliCommand, { kind: 'run' }>;

/**
 * The operation's input from `--name value` parameters, body fields given as flags, and
 * `--body`/`--body-file`.
 */
export async function operationInput(
  command: RunCommand,
  stderr: (text: string) => void,
): Promise<Record<string, unknown>> {
  const { operation, params, options } = command;
  const names = parameterNames(operation);
  const pick = (list: string[]): Record<string, string> =>
    Object.fromEntries(
      list.filter((n) => params[n] !== undefined).map((n) => [n, params[n] ?? '']),
    );
  const input: Record<string, unknown> = { pathParams: pick(names.path) };
  if (names.query.length) input['query'] = pick(names.query);
  if (names.headers.length) input['headers'] = pick(names.headers);
  if (options.body !== undefined && operation.body?.contentType !== 'json') {
    throw new UsageError(`${operation.id} takes no JSON body.`);
  }
  if (options['body-file'] !== undefined && operation.body?.contentType !== 'bytes') {
    throw new UsageError(`${operation.id} takes no file body.`);
  }
  const fromOption = options.body === undefined ? undefined : await jsonBody(options.body, stderr);
  const body = mergeBody(bodyOfFlags(operation, command.bodyFlags ?? {}), fromOption);
  if (body !== undefined) input['body'] = body;
  if (options['body-file'] !== undefined) input['body'] = createReadStream(options['body-file']);
  return namedInput(operation, input);
}

async function jsonBody(text: string, stderr: (text: string) => void): Promise<unknown> {
  const inline = !text.startsWith('@');
  const source = inline ? text : await readBodyFile(text.slice(1));
  let body: unknown;
  try {
    body = JSON.parse(source);
  } catch {
    // The body's text is not quoted back: it may hold a password (logins create).
    throw new UsageError('--body is not valid JSON.');
  }
  if (inline && holdsPassword(body)) stderr(BODY_PASSWORD_WARNING);
  return body;
}
