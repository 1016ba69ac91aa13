import { catalogue, type Operation } from '../../../shared/contract/catalogue';

/*
 * What the command says when its first words name no operation: a group alone (`databridge
 * databases`) lists that group's operations, and a typo (`instances lst`) gets the nearest
 * operation's name, as git and npm suggest one; a value of an enumeration gets the nearest
 * name the same way.
 */

/** The group a word names (`databases`, in any letter case), with its operations. */
export function groupNamed(
  word: string | undefined,
): { readonly group: string; readonly operations: Operation[] } | undefined {
  if (word === undefined) return undefined;
  const operations = catalogue.filter((op) => op.group.toLowerCase() === word.toLowerCase());
  const first = operations[0];
  return first ? { group: first.group, operations } : undefined;
}

/** Edits (insert, delete, replace) that turn `a` into `b`. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const replace = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next.push(Math.min(replace, (row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * The name among `names` nearest to `given` (letter case aside) when it is a few edits away:
 * two at most, and fewer than half the name, so that "ls" does not become "get". Undefined
 * when none is near.
 */
export function nearestName(given: string, names: readonly string[]): string | undefined {
  let best: { name: string; edits: number } | undefined;
  for (const name of names) {
    const edits = distance(given.toLowerCase(), name.toLowerCase());
    if (!best || edits < best.edits) best = { name, edits };
  }
  if (!best || best.edits > 2 || best.edits * 2 >= given.length) return undefined;
  return best.name;
}

/**
 * The operation nearest to `given` (`group.operation`, lower case), among the catalogue's and
 * `aliases`, written as the command takes it (`instances list`), when it is a few edits away;
 * undefined when none is near.
 */
export function nearestOperation(
  given: string,
  aliases: readonly string[] = [],
): string | undefined {
  const near = nearestName(given, [...catalogue.map((op) => op.id), ...aliases]);
  return near?.replace('.', ' ');
}
