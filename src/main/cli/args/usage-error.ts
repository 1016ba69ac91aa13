/** A command line that cannot be run as given (exit code 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
