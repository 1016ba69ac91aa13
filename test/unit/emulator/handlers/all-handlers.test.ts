import { describe, expect, it } from 'vitest';
import { allHandlers } from '../../../../src/emulator/handlers/all-handlers';
import { catalogue } from '../../../../src/shared/contract/catalogue';

describe('handler map', () => {
  it('has exactly one handler per catalogue operation', () => {
    const ids = catalogue.map((op) => op.id).sort();
    expect(Object.keys(allHandlers).sort()).toEqual(ids);
    expect(ids).toHaveLength(51);
    for (const id of ids) expect(typeof allHandlers[id], id).toBe('function');
  });
});
