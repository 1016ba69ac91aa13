import { describe, expect, it } from 'vitest';
import {
  allowedOrigins,
  operationRefusal,
  targetRefusal,
  urlRefusal,
} from '../../../../../src/main/services/policy/policy-gate';
import { catalogue, operationById } from '../../../../../src/shared/contract/catalogue';
import { PolicySchema } from '../../../../../src/shared/model/policy';

const policy = (raw: object) => PolicySchema.parse({ version: 1, ...raw });

describe('operationRefusal', () => {
  it('refuses every change of the service on a read-only organisation, and no read', () => {
    const readOnly = policy({ allowDestructive: false });
    const refused = catalogue.filter((op) => operationRefusal(op, readOnly)).map((op) => op.id);
    expect(refused).toEqual(
      expect.arrayContaining([
        'databases.drop',
        'sessions.kill',
        'logins.delete',
        'databases.import',
      ]),
    );
    for (const op of catalogue) {
      const reads = op.method === 'GET' || op.service !== 'api';
      expect(operationRefusal(op, readOnly) === undefined, op.id).toBe(reads);
    }
    expect(operationRefusal(operationById('databases.drop'), readOnly)).toMatchObject({
      code: 'FORBIDDEN',
      operation: 'databases.drop',
      message: expect.stringContaining("your organisation's policy allows no changes") as unknown,
    });
  });

  it('refuses only the session kills when kills are off', () => {
    const noKill = policy({ allowSessionKill: false });
    const refused = catalogue.filter((op) => operationRefusal(op, noKill)).map((op) => op.id);
    expect(refused.sort()).toEqual(['sessions.kill', 'sessions.killByDatabase']);
  });

  it('refuses nothing without a policy or with a default one', () => {
    for (const op of catalogue) {
      expect(operationRefusal(op, undefined)).toBeUndefined();
      expect(operationRefusal(op, policy({}))).toBeUndefined();
    }
  });
});

describe('the allowed services', () => {
  it('allows every service when the policy names none', () => {
    expect(allowedOrigins(policy({}))).toBeUndefined();
    expect(
      urlRefusal('https://anywhere.example/databridge', 'the service', policy({})),
    ).toBeUndefined();
  });

  it('allows the URLs listed and the hosts of the regions listed, by origin', () => {
    const rules = policy({
      allowedServiceUrls: ['https://databridge.corp.example'],
      allowedRegions: ['eu'],
    });
    expect(allowedOrigins(rules)).toEqual([
      'https://databridge.corp.example',
      'https://api-euw1.rms.com',
    ]);
    expect(targetRefusal({ kind: 'region', region: 'EU' }, rules)).toBeUndefined();
    expect(targetRefusal({ kind: 'region', region: 'US' }, rules)).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('https://api-use1.rms.com is not one') as unknown,
    });
    const custom = (baseUrl: string) => targetRefusal({ kind: 'custom', baseUrl }, rules);
    expect(custom('https://databridge.corp.example/databridge')).toBeUndefined();
    expect(custom('http://databridge.corp.example/databridge')).toBeDefined();
    expect(custom('https://databridge.corp.example:8443/databridge')).toBeDefined();
  });
});
