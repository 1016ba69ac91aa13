/**
 * The one error the filter grammar throws. The emulator answers it with 400 (records.md:
 * "answers 400 with a message that names the problem"); the UI underlines `position`.
 */
export class FilterSyntaxError extends Error {
  /** 0-based character offset in the filter text where the problem is. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.name = 'FilterSyntaxError';
    this.position = position;
  }
}

/** Shortens a quoted excerpt of user input so that a message stays readable. */
export function excerpt(text: string, max = 40): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
