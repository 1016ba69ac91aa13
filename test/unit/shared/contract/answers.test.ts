import { describe, expect, it } from 'vitest';
import {
  decodeStringAnswer,
  describeIssues,
  invalidInputError,
  unexpectedAnswerError,
} from '../../../../src/shared/contract/answers';
import { operationById } from '../../../../src/shared/contract/catalogue';
import {
  CreateDatabaseRequestSchema,
  DatabaseSchema,
} from '../../../../src/shared/contract/records/databases';

describe('answers and input errors', () => {
  it('names the operation and the field of an answer that does not parse', () => {
    const result = DatabaseSchema.array().safeParse([{ name: 'a', groups: [{ groupId: 1 }] }]);
    if (result.success) throw new Error('expected a failure');
    const error = unexpectedAnswerError('databases.list', result.error, 200);
    expect(error.code).toBe('UNEXPECTED_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.message).toMatch(
      /^Unexpected answer from the service to databases\.list \(field \[0\]\./,
    );
    expect(describeIssues(result.error)).toContain('[0].groups[0].groupId:');
  });

  it('turns invalid input into a VALIDATION error with the schema message', () => {
    const result = CreateDatabaseRequestSchema.safeParse({ databaseName: 'a/b' });
    if (result.success) throw new Error('expected a failure');
    const error = invalidInputError('databases.create', result.error);
    expect(error.toData()).toMatchObject({
      code: 'VALIDATION',
      operation: 'databases.create',
      message: expect.stringMatching(/^Database name may contain only/) as unknown,
    });
  });

  it("names the field of zod's own messages, which do not, and leaves ours as they are", () => {
    const missing = CreateDatabaseRequestSchema.safeParse({});
    if (missing.success) throw new Error('expected a failure');
    expect(invalidInputError('databases.create', missing.error).message).toBe(
      'databaseName: Invalid input: expected string, received undefined',
    );
    const nested = DatabaseSchema.safeParse({ name: 'a', groups: [{ groupId: 1 }] });
    if (nested.success) throw new Error('expected a failure');
    expect(invalidInputError('databases.get', nested.error).message).toMatch(
      /^[\w.[\]]+: Invalid input: expected \w+, received \w+$/,
    );
  });

  it('reads string answers sent as JSON strings or as plain text', () => {
    expect(decodeStringAnswer('"Processing"')).toBe('Processing');
    expect(decodeStringAnswer('Processing\n')).toBe('Processing');
    expect(decodeStringAnswer('"https://bucket/part?sig=a%2Fb"')).toBe(
      'https://bucket/part?sig=a%2Fb',
    );
    expect(decodeStringAnswer('"abc" tail')).toBe('"abc" tail');
    const status = operationById('jobs.getStatus').response.schema;
    expect(status.parse(decodeStringAnswer('"Succeeded"'))).toBe('Succeeded');
  });
});
