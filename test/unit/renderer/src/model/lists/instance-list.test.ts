import { describe, expect, it } from 'vitest';
import { AppError } from '@shared/errors';
import { createInstanceList, type InstanceTarget } from '@renderer/model/lists/instance-list';
import { settle } from '../../../../../support/renderer/resources-fake-ipc';

const prod = { profileId: 'p1', instanceName: 'sql-eu-prod-01' };
const dev = { profileId: 'p1', instanceName: 'sql-eu-dev-01' };

describe('createInstanceList', () => {
  it('keeps the rows of the same instance and starts empty on another one', async () => {
    const list = createInstanceList<string>({
      viewName: 'the test view',
      fetch: (target) => Promise.resolve([`${target.instanceName}-row`]),
    });
    expect(() => list.requireTarget()).toThrow('No instance is open in the test view.');
    expect(list.select(prod)).toBe(true);
    await list.load();
    expect(list.items.value).toEqual(['sql-eu-prod-01-row']);
    expect(list.isLoaded.value).toBe(true);
    expect(list.select({ ...prod })).toBe(false);
    expect(list.items.value).toEqual(['sql-eu-prod-01-row']);
    expect(list.select(dev)).toBe(true);
    expect(list.items.value).toEqual([]);
    expect(list.isLoaded.value).toBe(false);
    expect(list.requireTarget()).toEqual(dev);
  });

  it('keeps the rows on a failed load, and the answer of the latest load only', async () => {
    const pending: Array<{ target: InstanceTarget; answer: (rows: string[]) => void }> = [];
    let fail = false;
    const list = createInstanceList<string>({
      viewName: 'the test view',
      fetch: (target) => {
        if (fail) return Promise.reject(new AppError({ code: 'FORBIDDEN', message: 'No.' }));
        return new Promise((resolve) => pending.push({ target, answer: resolve }));
      },
    });
    list.select(prod);
    const first = list.load();
    pending[0]?.answer(['a']);
    await first;
    fail = true;
    await list.load();
    expect(list.loadError.value?.code).toBe('FORBIDDEN');
    expect(list.items.value).toEqual(['a']);

    fail = false;
    list.select(dev);
    void list.load();
    void list.load();
    await settle();
    pending[2]?.answer(['latest']);
    await settle();
    pending[1]?.answer(['overtaken']);
    await settle();
    expect(pending[2]?.target).toEqual(dev);
    expect(list.items.value).toEqual(['latest']);
    expect(list.loadError.value).toBeUndefined();
    expect(list.isLoading.value).toBe(false);
  });
});
