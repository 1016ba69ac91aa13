import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../../src/main/cli/args/operation-args';
import { checkOneTarget } from '../../../../../src/main/cli/connection/connection-target';

function refusal(options: Parameters<typeof checkOneTarget>[0]): Error {
  try {
    checkOneTarget(options);
  } catch (error) {
    return error as Error;
  }
  throw new Error('accepted');
}

describe('checkOneTarget', () => {
  it('refuses --profile with --base-url, naming both and saying to give one', () => {
    const error = refusal({ profile: 'Production', 'base-url': 'http://127.0.0.1:7420' });
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^--profile and --base-url both say where to connect/);
    expect(error.message).toContain('"Production" has its own service');
    expect(error.message).toMatch(
      /Give one or the other: --profile Production alone, or --base-url URL without --profile\.$/,
    );
  });

  it('refuses --profile with --region the same way', () => {
    const error = refusal({ profile: 'Test env', region: 'US' });
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^--profile and --region both say where to connect/);
    expect(error.message).toContain('--profile "Test env" alone, or --region EU|US without');
  });

  it('refuses a value that is empty too: the option was still given', () => {
    expect(refusal({ profile: 'p', 'base-url': '' })).toBeInstanceOf(UsageError);
  });

  it('accepts each alone, and none', () => {
    expect(() => checkOneTarget({ profile: 'Production' })).not.toThrow();
    expect(() => checkOneTarget({ 'base-url': 'http://127.0.0.1:7420' })).not.toThrow();
    expect(() => checkOneTarget({ region: 'EU', 'base-url': 'http://x' })).not.toThrow();
    expect(() => checkOneTarget({})).not.toThrow();
  });
});
