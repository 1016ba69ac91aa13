import { describe, expect, it } from 'vitest';
import { CliOutput } from '../../../../../src/main/cli/output/transfer-output';
import { usageHelp } from '../../../../../src/main/cli/help/usage';
import { transferHelp } from '../../../../../src/main/cli/help/command-help';
import { outputSettingsOf } from '../../../../../src/main/cli/output/output-args';
import { OUTPUT_FORMATS } from '../../../../../src/main/cli/output/output-formats';

/** A transfer's result as output/transfer-outcome.ts answers it. */
const RESULT = {
  transferId: 't1',
  kind: 'import',
  state: 'done',
  instanceName: 'sql-eu-dev-01',
  databaseName: 'Sales',
  bytes: 12 * 1024 * 1024,
  parts: { total: 12, resent: 0 },
};

function output(options: Partial<ConstructorParameters<typeof CliOutput>[0]> = {}) {
  const printed = { stdout: '', stderr: '' };
  const out = new CliOutput({
    stdout: (text) => (printed.stdout += text),
    stderr: (text) => (printed.stderr += text),
    isTty: false,
    json: false,
    redact: (text) => text.replaceAll('Sales', '***'),
    ...options,
  });
  return { out, printed };
}

describe('the result of a transfer command', () => {
  it('is indented JSON when no output is set', () => {
    const { out, printed } = output();
    out.result(RESULT);
    expect(JSON.parse(printed.stdout)).toEqual({ ...RESULT, databaseName: '***' });
    expect(printed.stdout).toContain('\n  "transferId": "t1",\n');
  });

  it('goes through --query and --output like every answer, redacted', async () => {
    const table = await outputSettingsOf({ argv: [], format: 'table' }, { columns: 60 });
    const { out, printed } = output({ output: table });
    out.result(RESULT);
    expect(printed.stdout.split('\n')).toEqual([
      'transferId    t1',
      'kind          import',
      'state         done',
      'instanceName  sql-eu-dev-01',
      'databaseName  ***',
      'bytes         12.0 MiB',
      'parts         {"total":12,"resent":0}',
      '',
    ]);
    const csv = await outputSettingsOf(
      { argv: [], format: 'csv', query: '{id: transferId, bytes: bytes}' },
      {},
    );
    const second = output({ output: csv });
    second.out.result(RESULT);
    expect(second.printed.stdout).toBe('id,bytes\r\nt1,12582912\r\n');
  });

  it('stays one {"event":"result"} line with --json', async () => {
    const table = await outputSettingsOf({ argv: [], format: 'table' }, {});
    const { out, printed } = output({ json: true, output: table });
    out.result(RESULT);
    expect(JSON.parse(printed.stdout)).toEqual({ event: 'result', ...RESULT, databaseName: '***' });
  });
});

describe('the help', () => {
  it('lists --output with every format, --query and the exit codes', () => {
    const help = usageHelp([{ id: 'databases.list', group: 'databases', summary: 'List' }]);
    expect(help).toMatch(/^ {2}-o, --output FORMAT +how the answer is printed/m);
    for (const format of OUTPUT_FORMATS) expect(help).toMatch(new RegExp(` ${format} {2,}\\S`));
    expect(help).toMatch(/^ {2}--query EXPR +a JMESPath expression/m);
    expect(help).toMatch(/^Exit codes:\n {2}0 +done/m);
    expect(help).toMatch(/^ {2}2 +invalid input/m);
    expect(transferHelp('jobsWait')).toMatch(/-o FORMAT/);
    expect(transferHelp('import')).toMatch(/as -o\/--output says/);
  });
});
