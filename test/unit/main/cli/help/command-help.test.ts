import { describe, expect, it } from 'vitest';
import { catalogue } from '../../../../../src/shared/contract/catalogue';
import { groupHelp } from '../../../../../src/main/cli/help/command-help';

/*
 * A group's help (`databridge jobs --help`): every command of the group, by the names the
 * command line takes, and the options of its lists from the option table.
 */

const help = (group: string): string =>
  groupHelp(
    group,
    catalogue.filter((op) => op.group === group),
  );

describe('groupHelp', () => {
  it("lists the group's operations, their other names and its commands of its own", () => {
    const text = help('jobs');
    expect(text).toMatch(/^ {2}listByInstance +List the jobs of an instance \(also: jobs list\)$/m);
    expect(text).toMatch(/^ {2}wait +Follow a job until it ends/m);
    expect(help('archives')).toMatch(/^ {2}download +Download every file of an archive/m);
  });

  it('names the list options its lists take, and only those', () => {
    const jobs = help('jobs');
    expect(jobs).toContain('--status S[,S]');
    expect(jobs).toContain('--since 30m|24h|7d');
    expect(jobs).not.toContain('--blocking');
    expect(help('sessions')).toContain('--blocking');
    expect(help('cluster')).not.toContain('Options of its lists');
  });

  it('says where the options every operation takes are', () => {
    expect(help('databases')).toContain(
      'Every operation takes the connection and output options too: databridge --help',
    );
  });
});
