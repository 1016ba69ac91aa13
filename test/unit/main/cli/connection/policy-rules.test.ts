import { describe, expect, it } from 'vitest';
import {
  policyAuditOnFailure,
  policyBandwidth,
  policyProxy,
} from '../../../../../src/main/cli/connection/policy-rules';
import { PolicySchema } from '../../../../../src/shared/model/policy';

const locked = (values: object) => PolicySchema.parse({ version: 1, locked: values });

describe('the locked values on the command line', () => {
  it('uses the locked proxy, refusing another --proxy', () => {
    const policy = locked({ proxyUrl: 'http://proxy.corp:3128' });
    expect(policyProxy(policy, undefined)).toBe('http://proxy.corp:3128');
    expect(policyProxy(policy, 'http://proxy.corp:3128')).toBe('http://proxy.corp:3128');
    expect(() => policyProxy(policy, 'http://other:1')).toThrow(
      /--proxy http:\/\/other:1 is not allowed: your organisation set the proxy/,
    );
    expect(policyProxy(undefined, 'http://other:1')).toBe('http://other:1');
  });

  it('applies the locked bandwidth limit, which --bandwidth may only lower', () => {
    const policy = locked({ bandwidthLimitMiBps: 10 });
    expect(policyBandwidth(policy, undefined)).toBe(10);
    expect(policyBandwidth(policy, 5)).toBe(5);
    expect(() => policyBandwidth(policy, 20)).toThrow(/limits transfers to 10 MiB\/s/);
    expect(() => policyBandwidth(policy, 0)).toThrow(/limits transfers to 10 MiB\/s/);
    expect(policyBandwidth(locked({ bandwidthLimitMiBps: 0 }), 20)).toBe(20);
    expect(policyBandwidth(undefined, undefined)).toBeUndefined();
  });

  it('keeps the locked audit mode over the variable, saying so only when it asked for another', () => {
    const said: string[] = [];
    const warn = (text: string) => said.push(text);
    const policy = locked({ auditOnFailure: 'refuse' });
    expect(policyAuditOnFailure(policy, 'continue', true, warn)).toBe('refuse');
    expect(said).toEqual([
      'warning: DATABRIDGE_AUDIT_ON_FAILURE=continue is ignored: your organisation set the audit failure mode to "refuse".\n',
    ]);
    expect(policyAuditOnFailure(policy, 'refuse', false, warn)).toBe('refuse');
    expect(policyAuditOnFailure(undefined, 'continue', true, warn)).toBe('continue');
    expect(said).toHaveLength(1);
  });
});
