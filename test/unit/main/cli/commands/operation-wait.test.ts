import { describe, expect, it } from 'vitest';
import { startedJobId } from '../../../../../src/main/cli/commands/operation-wait';

describe('startedJobId', () => {
  it('reads the job id from the body, or from the Location of a move', () => {
    expect(startedJobId({ headers: {}, data: { jobId: 'j1' } })).toBe('j1');
    expect(
      startedJobId({
        headers: { location: 'https://host/databridge/v1/Jobs/j2' },
        data: {},
      }),
    ).toBe('j2');
  });

  it('answers none for an answer without a job (a login deleted at once: 204)', () => {
    expect(startedJobId({ headers: {}, data: undefined })).toBeUndefined();
    expect(startedJobId({ headers: {}, data: { jobId: '' } })).toBeUndefined();
  });
});
