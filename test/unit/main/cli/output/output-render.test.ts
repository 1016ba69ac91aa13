import { describe, expect, it } from 'vitest';
import { outputSettingsOf } from '../../../../../src/main/cli/output/output-args';
import { renderAnswer } from '../../../../../src/main/cli/output/output-render';

const ANSWER = [
  { name: 'sql-eu-prod-01', status: 'Online', totalDiskSpaceInMb: 2048 },
  { name: 'sql-eu-dev-01', status: 'Stopped', totalDiskSpaceInMb: 1024 },
];

describe('renderAnswer', () => {
  it('prints indented JSON when nothing is set, as the CLI always has', () => {
    expect(renderAnswer(ANSWER)).toEqual({ stdout: `${JSON.stringify(ANSWER, null, 2)}\n` });
    expect(renderAnswer(undefined)).toEqual({ stdout: 'null\n' });
  });

  it('prints JSON lines, one per element of a list', async () => {
    const settings = await outputSettingsOf({ argv: [], format: 'jsonl' }, {});
    expect(renderAnswer(ANSWER, settings).stdout).toBe(
      `${JSON.stringify(ANSWER[0])}\n${JSON.stringify(ANSWER[1])}\n`,
    );
    expect(renderAnswer({ a: 1 }, settings).stdout).toBe('{"a":1}\n');
  });

  it('applies --query before the format', async () => {
    const settings = await outputSettingsOf(
      {
        argv: [],
        format: 'tsv',
        query: "[?status=='Online'].{name: name, mb: totalDiskSpaceInMb}",
      },
      {},
    );
    expect(renderAnswer(ANSWER, settings)).toEqual({ stdout: 'name\tmb\nsql-eu-prod-01\t2048\n' });
    const names = await outputSettingsOf({ argv: [], format: 'table', query: '[].name' }, {});
    expect(renderAnswer(ANSWER, names).stdout).toBe('sql-eu-prod-01\nsql-eu-dev-01\n');
  });

  it('prints a table with the note about left-out fields for stderr', async () => {
    const settings = await outputSettingsOf({ argv: [] }, { stdoutIsTty: true, columns: 30 });
    const rendered = renderAnswer(ANSWER, settings);
    expect(rendered.stdout).toBe(
      'name            status\nsql-eu-prod-01  Online\nsql-eu-dev-01   Stopped\n',
    );
    expect(rendered.stderr).toMatch(/^Fields left out to fit 30 characters: totalDiskSpaceInMb /);
  });
});
