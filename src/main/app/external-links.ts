/**
 * Sites whose https links the app opens in the browser (the service's documentation and
 * support, the project's pages). Anything else is refused: a link in a service answer or a
 * compromised page must not make the app open arbitrary URLs or other schemes (`file:`,
 * `smb:`, custom protocol handlers), which is how shell.openExternal gets abused.
 */
const EXTERNAL_LINK_HOSTS: readonly string[] = [
  'rms.com',
  'moodys.com',
  'support.rms.com',
  'github.com',
];

/**
 * True when `url` is an https URL of an allowed host or one of its subdomains, with no
 * credentials in it.
 */
export function isAllowedExternalUrl(
  url: string,
  hosts: readonly string[] = EXTERNAL_LINK_HOSTS,
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
