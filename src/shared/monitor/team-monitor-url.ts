/*
 * Rules about a team monitor URL that the profile editor shows and main acts on: where the
 * samples of a profile come from, and when its bearer token would travel unencrypted.
 */

/** True for a loopback host: `localhost`, 127.0.0.0/8 or `[::1]` (the URL's `hostname`). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * A warning for a team monitor URL, or undefined: a bearer token sent over plain `http://` to
 * another machine can be read by anyone on the way. Over loopback, or over https, it cannot.
 */
export function teamMonitorUrlWarning(url: string, hasToken: boolean): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!hasToken || parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return undefined;
  return (
    'This address is plain http on another machine: the bearer token would cross the network ' +
    'unencrypted. Ask for the team monitor over https (its --tls-cert and --tls-key).'
  );
}
