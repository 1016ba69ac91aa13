/**
 * An error that a handler of the emulator throws to answer with an HTTP status and a message.
 * The router turns it into the error body of records.md: `{ code: 'DATA-BRIDGE-<status>',
 * message, logId }`. Extra headers (Retry-After, say) ride along.
 */
export class EmulatorHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'EmulatorHttpError';
  }
}
