import { expect, it } from 'vitest';
import { BoundedWarning } from '../../../../../src/main/cli/monitor-serve/serve-limits';

it('says the first event at once, then one line per span with the count since the last', () => {
  let now = 0;
  const said: { remote: string; count: number }[] = [];
  const warning = new BoundedWarning<{ remote: string }>(
    60_000,
    (fields) => said.push(fields),
    () => now,
  );
  warning.note({ remote: 'a' });
  for (let i = 0; i < 999; i += 1) {
    now += 10;
    warning.note({ remote: 'b' });
  }
  expect(said).toEqual([{ remote: 'a', count: 1 }]);
  now = 60_000;
  warning.note({ remote: 'c' });
  expect(said).toEqual([
    { remote: 'a', count: 1 },
    { remote: 'c', count: 1000 },
  ]);
});
