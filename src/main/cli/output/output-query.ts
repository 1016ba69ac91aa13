import {
  TreeInterpreter,
  compile,
  isRegistered,
  type JSONValue,
} from '@jmespath-community/jmespath';
import { QueryFailedError, UsageError } from '../args/operation-args';

/*
 * `--query EXPR`: a JMESPath expression (the community edition of the language, as the AWS
 * and Azure command lines take it) applied to the parsed answer before it is formatted.
 */

type Expression = ReturnType<typeof compile>;

/** A compiled query: the answer in, the part it selects out. */
export type Query = (value: unknown) => unknown;

const EXAMPLE = 'e.g. --query "[?status==\'Online\'].name"';

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[.\s]+$/, '');
}

/** The names of the functions the expression calls, wherever they are nested. */
function functionNames(node: unknown, names: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const child of node) functionNames(child, names);
  } else if (node !== null && typeof node === 'object') {
    const fields = node as Record<string, unknown>;
    if (fields['type'] === 'Function' && typeof fields['name'] === 'string') {
      names.push(fields['name']);
    }
    for (const value of Object.values(fields)) functionNames(value, names);
  }
  return names;
}

/**
 * Compiles `expression`, or throws a UsageError naming --query. A function the language does
 * not have is refused here too: the library would only find it while evaluating, after the
 * operation had been sent.
 */
export function compileQuery(expression: string): Query {
  let ast: Expression;
  try {
    ast = compile(expression);
  } catch (error) {
    throw new UsageError(
      `--query "${expression}" is not a JMESPath expression: ${reasonOf(error)} (${EXAMPLE}).`,
    );
  }
  const unknown = functionNames(ast).filter((name) => !isRegistered(name));
  if (unknown.length > 0) {
    throw new UsageError(
      `--query "${expression}" calls an unknown function: ${unknown.map((name) => `${name}()`).join(', ')}.`,
    );
  }
  return (value) => {
    try {
      return TreeInterpreter.search(ast, (value ?? null) as JSONValue);
    } catch (error) {
      // A type error (length() of a number, say) shows only against the answer itself, so
      // the command has run by now: say so, since it may have changed something. Not a usage
      // error (exit code 2 promises that nothing was sent).
      throw new QueryFailedError(
        `--query "${expression}" could not be applied to the answer (the command itself ran): ${reasonOf(error)}.`,
      );
    }
  };
}
