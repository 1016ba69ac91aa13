/** The name of the list, left out of itself. */
export const SUMS_FILE: string;
/** The lines of SHA256SUMS for the regular files of `folder`, sorted by name. */
export function sha256Lines(folder: string): Promise<string[]>;
