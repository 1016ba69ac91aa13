/** Words the bulk actions share. */

/** `1 archive`, `5 archives`. */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** Why a bulk action is off on a read-only connection (undefined when it is not). */
export function readOnlyReason(readOnly: boolean): string | undefined {
  return readOnly ? 'This connection is read-only: actions that change things are off.' : undefined;
}
