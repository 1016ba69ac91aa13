/*
 * Pre-signed download URIs (an archive's, an export job's) are bearer credentials until they
 * expire: whoever holds one reads the file without signing in. The renderer only shows where
 * they point, so operation answers cross IPC with those URIs cut to scheme, host and path;
 * the transfer engine in main downloads with full ones it reads from the service itself.
 */

/** `uri` without its query string, fragment and user info (unparsable: cut at `?` or `#`). */
export function withoutSignature(uri: string): string {
  try {
    const url = new URL(uri);
    url.search = '';
    url.hash = '';
    url.username = '';
    url.password = '';
    return url.href;
  } catch {
    return uri.split(/[?#]/)[0] ?? '';
  }
}

/** An operation's answer as the renderer may see it: `downloadUris` without their signatures. */
export function withoutPresignedQueries(answer: unknown): unknown {
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return answer;
  const uris: unknown = (answer as { downloadUris?: unknown }).downloadUris;
  if (!Array.isArray(uris)) return answer;
  return {
    ...answer,
    downloadUris: uris.map((uri: unknown) =>
      typeof uri === 'string' ? withoutSignature(uri) : uri,
    ),
  };
}
