/** The minimum version in package.json's `engines.node` (">=22.19" gives "22.19"). */
export function requiredNodeVersion(): string;
/** True when `found` ("20.20.2" or "v20.20.2") is at least `required` ("22.19"). */
export function satisfies(found: string, required: string): boolean;
/** The message for a Node too old, or null when `found` will do. */
export function nodeVersionProblem(
  found: string,
  required: string,
  executable?: string,
): string | null;
/** Exits the process with the message when the running Node is too old. */
export function requireNode(): void;
