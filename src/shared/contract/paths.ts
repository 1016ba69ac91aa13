/**
 * Which base address a path is relative to: `api` is `{base_url}` = `https://{host}/databridge`,
 * `auth` is `{auth_url}` = `https://{host}/sml/auth/v1` (the token-issuing service).
 */
export type ServiceName = 'api' | 'auth';

/** Path of each service under `https://{host}`: `{base_url}` and `{auth_url}` of the interface. */
export const SERVICE_BASE_PATHS: Readonly<Record<ServiceName, string>> = {
  api: '/databridge',
  auth: '/sml/auth/v1',
};

/**
 * The base address of `service` at `origin` (`https://{host}`, or the emulator's loopback
 * origin), without a trailing slash.
 */
export function serviceBaseUrl(service: ServiceName, origin: string): string {
  return origin.replace(/\/+$/, '') + SERVICE_BASE_PATHS[service];
}

const PARAM = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;

/** Names of the `{param}` segments of a path template, in order. */
export function pathParamNames(template: string): string[] {
  return template
    .split('/')
    .map((segment) => PARAM.exec(segment)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** "." and "..": a URL normalises them away, so the request would address another resource. */
export function isDotSegment(value: string): boolean {
  return value === '.' || value === '..';
}

/**
 * Fills a path template with `params`, each encoded with `encodeURIComponent` so that a `/`,
 * `?` or `#` in a name cannot change which resource is addressed. Throws when one is missing
 * or is "." or "..": callers validate input with the operation's `pathParams` schema first.
 */
export function buildPath(
  op: { readonly path: string },
  params: Readonly<Record<string, string | number | undefined>>,
): string {
  return op.path
    .split('/')
    .map((segment) => {
      const name = PARAM.exec(segment)?.[1];
      if (name === undefined) return segment;
      const value = params[name];
      if (value === undefined || value === '') {
        throw new Error(`Path parameter "${name}" of ${op.path} is missing`);
      }
      if (isDotSegment(String(value))) {
        throw new Error(`Path parameter "${name}" of ${op.path} cannot be "${value}"`);
      }
      return encodeURIComponent(String(value));
    })
    .join('/');
}

function splitPath(pathname: string): string[] {
  // Tolerate one trailing slash, as ASP.NET routing does.
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return trimmed.split('/');
}

/**
 * Matches `pathname` against a template. Literal segments compare case-insensitively (ASP.NET
 * routing does, and the interface itself mixes `Databases` and `databases`); parameters are
 * decoded. Returns the parameters, or null when the path does not match.
 */
export function matchPath(template: string, pathname: string): Record<string, string> | null {
  const expected = template.split('/');
  const actual = splitPath(pathname);
  if (expected.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of expected.entries()) {
    const value = actual[index] ?? '';
    const name = PARAM.exec(segment)?.[1];
    if (name === undefined) {
      if (segment.toLowerCase() !== value.toLowerCase()) return null;
      continue;
    }
    if (value === '') return null;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      return null; // malformed percent-encoding addresses nothing
    }
  }
  return params;
}

/** Number of literal (non-parameter) segments: more literals means a more specific route. */
export function literalSegmentCount(template: string): number {
  return template.split('/').filter((segment) => segment !== '' && !PARAM.test(segment)).length;
}

/**
 * The job id in the `Location` header of a move answer. The interface only says it is "the
 * URL of the submitted MOVE_DATABASE job"; we take its last path segment (`.../Jobs/{jobId}`).
 * Returns undefined when there is none.
 */
export function jobIdFromLocation(location: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(location, 'http://relative.invalid').pathname;
  } catch {
    return undefined;
  }
  const last = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .at(-1);
  if (last === undefined) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return undefined;
  }
}
