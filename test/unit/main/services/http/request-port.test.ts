import { describe, expect, it } from 'vitest';
import {
  answerHeadersOf,
  portHeadersOf,
  portUrlOf,
} from '../../../../../src/main/services/http/request-port';

describe('portUrlOf', () => {
  it('joins the origin and the path, query included', () => {
    expect(portUrlOf({ origin: 'https://api.example.com', path: '/v1/x?y=1' })).toBe(
      'https://api.example.com/v1/x?y=1',
    );
    expect(portUrlOf({ origin: new URL('http://127.0.0.1:8080/'), path: '/a' })).toBe(
      'http://127.0.0.1:8080/a',
    );
  });

  it('appends a dispatch query as undici would, repeated values each once', () => {
    expect(
      portUrlOf({
        origin: 'http://h',
        path: '/a?x=1',
        query: { b: 'c d', n: [1, 2], u: undefined },
      }),
    ).toBe('http://h/a?x=1&b=c+d&n=1&n=2');
  });

  it('never reads a path as another host', () => {
    expect(portUrlOf({ origin: 'http://h', path: '//evil.example/x' })).toBe(
      'http://h//evil.example/x',
    );
  });
});

describe('portHeadersOf', () => {
  it('takes the object form, numbers as text, undefined left out', () => {
    expect(
      portHeadersOf({ 'Content-Type': 'application/json', 'content-length': 12, 'x-a': undefined }),
    ).toEqual({ 'Content-Type': 'application/json', 'content-length': '12' });
  });

  it('takes the flat array form, repeated names gathered whatever their case', () => {
    expect(portHeadersOf(['Accept', 'a/b', 'x-tag', 'one', 'X-Tag', 'two'])).toEqual({
      Accept: 'a/b',
      'x-tag': ['one', 'two'],
    });
  });

  it('takes pairs (a Map, Headers-like iterables), arrays of values kept', () => {
    const pairs = new Map<string, string | string[]>([
      ['authorization', 'Bearer t'],
      ['x-many', ['1', '2']],
    ]);
    expect(portHeadersOf(pairs)).toEqual({ authorization: 'Bearer t', 'x-many': ['1', '2'] });
  });

  it('leaves the connection headers to the port client, and none at all is empty', () => {
    expect(
      portHeadersOf({
        Host: 'h',
        Connection: 'keep-alive',
        'Keep-Alive': 'timeout=5',
        'Transfer-Encoding': 'chunked',
        TE: 'trailers',
        Upgrade: 'h2c',
        'Proxy-Connection': 'keep-alive',
        'x-kept': 'yes',
      }),
    ).toEqual({ 'x-kept': 'yes' });
    expect(portHeadersOf(undefined)).toEqual({});
    expect(portHeadersOf(null)).toEqual({});
  });
});

describe('answerHeadersOf', () => {
  it('gives lower-case names, one value as text and several as an array', () => {
    expect(
      answerHeadersOf({
        'Content-Type': 'text/plain',
        'set-cookie': ['a=1', 'b=2'],
        ETag: ['"x"'],
        Vary: 'accept',
        vary: 'origin',
        missing: undefined,
      }),
    ).toEqual({
      'content-type': 'text/plain',
      'set-cookie': ['a=1', 'b=2'],
      etag: '"x"',
      vary: ['accept', 'origin'],
    });
  });
});
