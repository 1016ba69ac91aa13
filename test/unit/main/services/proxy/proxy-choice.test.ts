import { describe, expect, it } from 'vitest';
import {
  describeChoice,
  firstUsableChoice,
  parsePacAnswer,
} from '../../../../../src/main/services/proxy/proxy-choice';

describe('parsePacAnswer', () => {
  it('reads a list in order, as PAC files and session.resolveProxy write it', () => {
    expect(parsePacAnswer('PROXY proxy.corp:8080; HTTPS secure.corp:443;DIRECT')).toEqual([
      { kind: 'proxy', url: 'http://proxy.corp:8080' },
      { kind: 'proxy', url: 'https://secure.corp' },
      { kind: 'direct' },
    ]);
  });

  it("reads Chromium's HTTP keyword and any case", () => {
    expect(parsePacAnswer('http Proxy.Corp:3128')).toEqual([
      { kind: 'proxy', url: 'http://proxy.corp:3128' },
    ]);
  });

  it('reads an empty answer as DIRECT', () => {
    expect(parsePacAnswer('  ;  ')).toEqual([{ kind: 'direct' }]);
  });

  it('marks SOCKS and malformed entries unsupported', () => {
    expect(parsePacAnswer('SOCKS5 s:1080; PROXY no-port; PROXY a b:1; PROXY u@h:1')).toEqual([
      { kind: 'unsupported', text: 'SOCKS5 s:1080' },
      { kind: 'unsupported', text: 'PROXY no-port' },
      { kind: 'unsupported', text: 'PROXY a b:1' },
      { kind: 'unsupported', text: 'PROXY u@h:1' },
    ]);
  });
});

describe('firstUsableChoice', () => {
  it('skips SOCKS entries to the first proxy or DIRECT', () => {
    expect(firstUsableChoice('SOCKS s:1080; PROXY p:8080; DIRECT', 'https://h/')).toEqual({
      kind: 'proxy',
      url: 'http://p:8080',
    });
    expect(firstUsableChoice('SOCKS s:1080; DIRECT', 'https://h/')).toEqual({ kind: 'direct' });
  });

  it('fails with what the answer held and what to do when nothing is usable', () => {
    expect(() => firstUsableChoice('SOCKS5 s:1080', 'https://storage.example:8443/x')).toThrow(
      'The proxy configuration answered "SOCKS5 s:1080" for storage.example:8443, and DataBridge can use none of it',
    );
  });
});

describe('describeChoice', () => {
  it('writes a choice back in PAC form', () => {
    expect(describeChoice({ kind: 'direct' })).toBe('DIRECT');
    expect(describeChoice({ kind: 'proxy', url: 'http://p:1' })).toBe('PROXY http://p:1');
  });
});
