import { describe, expect, it } from 'vitest';
import { chromiumErrorCode, portErrorOf } from '../../../../../src/main/services/http/port-errors';
import { networkErrorCode } from '../../../../../src/main/services/http/retry-rules';

describe('chromiumErrorCode', () => {
  it("gives Chromium's network errors the Node code the retry rules know", () => {
    expect(chromiumErrorCode('net::ERR_CONNECTION_REFUSED')).toBe('ECONNREFUSED');
    expect(chromiumErrorCode('net::ERR_NAME_NOT_RESOLVED')).toBe('ENOTFOUND');
    expect(chromiumErrorCode('net::ERR_CONNECTION_RESET')).toBe('ECONNRESET');
    expect(chromiumErrorCode('net::ERR_TIMED_OUT')).toBe('ETIMEDOUT');
    expect(chromiumErrorCode('net::ERR_PROXY_CONNECTION_FAILED')).toBe('ECONNREFUSED');
  });

  it('names nothing for other errors', () => {
    expect(chromiumErrorCode('net::ERR_PROXY_AUTH_REQUESTED')).toBeUndefined();
    expect(chromiumErrorCode('net::ERR_CERT_AUTHORITY_INVALID')).toBeUndefined();
    expect(chromiumErrorCode('socket hang up')).toBeUndefined();
  });
});

describe('portErrorOf', () => {
  it("codes Chromium's error, its own kept as the cause", () => {
    const chromium = new Error('net::ERR_CONNECTION_RESET');
    const coded = portErrorOf(chromium);
    expect(networkErrorCode(coded)).toBe('ECONNRESET');
    expect(coded.message).toBe('net::ERR_CONNECTION_RESET');
    expect(coded.cause).toBe(chromium);
  });

  it("passes Node's coded errors and unknown ones unchanged", () => {
    const node = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(portErrorOf(node)).toBe(node);
    const other = new Error('Redirect was cancelled');
    expect(portErrorOf(other)).toBe(other);
    expect(portErrorOf('text')).toBeInstanceOf(Error);
  });
});
