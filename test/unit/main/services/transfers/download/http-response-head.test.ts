import { describe, expect, it } from 'vitest';
import {
  BadResponseHead,
  MAX_HEAD_BYTES,
  ResponseHeadReader,
  parseResponseHead,
  unchunk,
} from '../../../../../../src/main/services/transfers/download/http-response-head';

const HEAD =
  'HTTP/1.1 206 Partial Content\r\nContent-Length: 5\r\nETag: "abc"\r\n' +
  'Set-Cookie: a=1\r\nset-cookie: b=2\r\nContent-Range: bytes 0-4/10\r\n\r\n';

function bytes(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

describe('parseResponseHead', () => {
  it('reads the status, lower-cases names and keeps repeated fields as lists', () => {
    const head = parseResponseHead(HEAD.slice(0, -4));
    expect(head).toEqual({
      statusCode: 206,
      statusText: 'Partial Content',
      headers: {
        'content-length': '5',
        etag: '"abc"',
        'set-cookie': ['a=1', 'b=2'],
        'content-range': 'bytes 0-4/10',
      },
    });
  });

  it('takes a status line without a reason and an empty field value', () => {
    expect(parseResponseHead('HTTP/1.0 404\r\nX-Empty:')).toEqual({
      statusCode: 404,
      statusText: '',
      headers: { 'x-empty': '' },
    });
  });

  it.each([
    ['not HTTP', 'ICY 200 OK'],
    ['HTTP/2 text', 'HTTP/2 200 OK'],
    ['a bad status', 'HTTP/1.1 2000 OK'],
    ['a field without a colon', 'HTTP/1.1 200 OK\r\nBroken'],
    ['a folded line', 'HTTP/1.1 200 OK\r\nA: 1\r\n  continued'],
    ['a name with a space', 'HTTP/1.1 200 OK\r\nBad Name: 1'],
  ])('refuses %s', (_what, text) => {
    expect(() => parseResponseHead(text)).toThrow(BadResponseHead);
  });
});

describe('ResponseHeadReader', () => {
  it('finds the body start in the read that ends the head', () => {
    const reader = new ResponseHeadReader();
    const parsed = reader.push(bytes(`${HEAD}hello`));
    expect(parsed?.head.statusCode).toBe(206);
    expect(parsed?.bodyOffset).toBe(HEAD.length);
  });

  it('joins a head split across reads, wherever the split falls', () => {
    const whole = bytes(`${HEAD}hello`);
    for (let cut = 1; cut < HEAD.length; cut += 1) {
      const reader = new ResponseHeadReader();
      expect(reader.push(whole.subarray(0, cut))).toBeUndefined();
      const parsed = reader.push(whole.subarray(cut));
      expect(parsed?.head.headers['etag']).toBe('"abc"');
      // Offsets are in the second read: the body starts where the head ends.
      expect(cut + (parsed?.bodyOffset ?? -1)).toBe(HEAD.length);
    }
  });

  it('splits the blank line itself over three reads (CR LF | CR | LF)', () => {
    const reader = new ResponseHeadReader();
    expect(reader.push(bytes('HTTP/1.1 200 OK\r\nContent-Length: 1\r\n'))).toBeUndefined();
    expect(reader.push(bytes('\r'))).toBeUndefined();
    expect(reader.push(bytes('\nX'))?.bodyOffset).toBe(1);
  });

  it('reads a view into a larger buffer by its own offsets', () => {
    const big = Buffer.alloc(64 + HEAD.length + 5, 0x20);
    big.write(`${HEAD}hello`, 64, 'latin1');
    const parsed = new ResponseHeadReader().push(big.subarray(64));
    expect(parsed?.bodyOffset).toBe(HEAD.length);
  });

  it('refuses a head larger than the limit, even without its end', () => {
    const reader = new ResponseHeadReader();
    const field = bytes(`X-Big: ${'a'.repeat(1024)}\r\n`);
    expect(reader.push(bytes('HTTP/1.1 200 OK\r\n'))).toBeUndefined();
    expect(() => {
      for (let i = 0; i <= MAX_HEAD_BYTES / field.length; i += 1) reader.push(field);
    }).toThrow(BadResponseHead);
  });

  it('refuses LF-only line ends as no head (it never ends within the limit)', () => {
    const reader = new ResponseHeadReader();
    expect(reader.push(bytes('HTTP/1.1 200 OK\nContent-Length: 1\n\nX'))).toBeUndefined();
  });
});

describe('unchunk', () => {
  it('reads the data of whole chunks and keeps what is not chunked', () => {
    expect(unchunk('4\r\nbusy\r\n7;x=1\r\n, sorry\r\n0\r\n\r\n')).toBe('busy, sorry');
    expect(unchunk('5\r\nexpir')).toBe('expir');
    expect(unchunk('<Error>plain</Error>')).toBe('<Error>plain</Error>');
  });
});
