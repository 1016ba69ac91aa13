import { describe, expect, it } from 'vitest';
import { isCidr, isIPv4, isIPv6, isIpOrCidr } from '../../../../src/shared/contract/cidr';
import {
  DEFAULT_REGION,
  ExportToTypeSchema,
  FileTypeCode,
  ImportFromTypeSchema,
  fileExtensionByType,
  fileTypeByExtension,
  fileTypeNames,
  isFinalJobStatus,
} from '../../../../src/shared/contract/enums';
import { atLeast } from '../../../../src/shared/contract/operation';
import { AppError, isAppError, toAppErrorData } from '../../../../src/shared/errors';

describe('cidr validation', () => {
  it('accepts IPv4 and IPv6 addresses', () => {
    for (const ok of ['0.0.0.0', '203.0.113.7', '255.255.255.255'])
      expect(isIPv4(ok), ok).toBe(true);
    for (const bad of ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.4 ', 'a.b.c.d', '']) {
      expect(isIPv4(bad), bad).toBe(false);
    }
    for (const ok of [
      '::',
      '::1',
      '2001:db8::',
      '2001:db8:0:0:0:0:0:1',
      'fe80::1:2',
      '::ffff:192.0.2.1',
      '1:2:3:4:5:6:7::',
    ]) {
      expect(isIPv6(ok), ok).toBe(true);
    }
    for (const bad of [
      ':::',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      'g::1',
      'fe80::1%eth0',
      '1.2.3.4::',
      '1:2:3:4:5:6:7:8::',
      ':1',
      '',
    ]) {
      expect(isIPv6(bad), bad).toBe(false);
    }
  });

  it('accepts CIDR blocks with a prefix that fits the address family', () => {
    for (const ok of ['10.0.0.0/8', '10.0.0.7/32', '0.0.0.0/0', '2001:db8::/32', '::/128']) {
      expect(isCidr(ok), ok).toBe(true);
    }
    for (const bad of [
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/08',
      '2001:db8::/129',
      '/24',
      'host/24',
    ]) {
      expect(isCidr(bad), bad).toBe(false);
    }
    expect(isIpOrCidr('198.51.100.1')).toBe(true);
    expect(isIpOrCidr('example.com')).toBe(false);
  });
});

describe('enumerations', () => {
  it('map file types between codes, names and extensions', () => {
    expect(FileTypeCode).toEqual({ MDF: 0, BAK: 1, DACPAC: 2 });
    expect(fileTypeNames[2]).toBe('DACPAC');
    expect(fileExtensionByType[1]).toBe('bak');
    expect(fileTypeByExtension.dacpac).toBe(2);
    expect(ExportToTypeSchema.safeParse(3).success).toBe(false);
    expect(ImportFromTypeSchema.parse(0)).toBe(0);
  });

  it('knows the final job statuses and treats unknown ones as running', () => {
    expect(['Succeeded', 'Failed', 'Deleted'].every(isFinalJobStatus)).toBe(true);
    expect(
      ['Enqueued', 'Scheduled', 'Awaiting', 'Processing', 'Paused'].some(isFinalJobStatus),
    ).toBe(false);
  });

  it('orders roles and defaults to the EU region', () => {
    expect(atLeast('Consumer')).toEqual(['Consumer', 'Contributor', 'Admin']);
    expect(atLeast('Admin')).toEqual(['Admin']);
    expect(DEFAULT_REGION).toBe('EU');
  });
});

describe('errors', () => {
  it('carries its data and gives it back without undefined fields', () => {
    const error = new AppError({
      code: 'GONE',
      message: 'The job no longer exists.',
      operation: 'jobs.getStatus',
      status: 410,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('The job no longer exists.');
    expect(error.toData()).toEqual({
      code: 'GONE',
      message: 'The job no longer exists.',
      operation: 'jobs.getStatus',
      status: 410,
    });
    expect(JSON.parse(JSON.stringify(error.toData()))).toEqual(error.toData());
  });

  it('recognises app errors and hides the text of other errors', () => {
    expect(isAppError(new AppError({ code: 'NETWORK', message: 'x' }))).toBe(true);
    expect(isAppError(new Error('x'))).toBe(false);
    const foreign = Object.assign(new Error('y'), { name: 'AppError', code: 'CONFLICT' });
    expect(isAppError(foreign)).toBe(true);
    const data = toAppErrorData(new Error('token=secret'));
    expect(data.code).toBe('INTERNAL');
    expect(data.message).not.toContain('secret');
  });
});
