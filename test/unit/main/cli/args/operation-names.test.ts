import { expect, it } from 'vitest';
import {
  groupNamed,
  nearestName,
  nearestOperation,
} from '../../../../../src/main/cli/args/operation-names';

it('knows a group by its name in any letter case, and nothing else as one', () => {
  expect(groupNamed('SESSIONS')?.group).toBe('sessions');
  expect(groupNamed('sessions')?.operations.map((op) => op.id)).toContain('sessions.kill');
  for (const word of ['session', 'sessions.list', '', undefined]) {
    expect(groupNamed(word)).toBeUndefined();
  }
});

it('suggests an operation two edits away at most, and never for a short guess', () => {
  expect(nearestOperation('instances.lst')).toBe('instances list');
  expect(nearestOperation('jobs.lits', ['jobs.list'])).toBe('jobs list');
  expect(nearestOperation('databases.explode')).toBeUndefined();
  expect(nearestOperation('ab')).toBeUndefined();
});

it('finds the name meant among any names, in any letter case, as it is spelt there', () => {
  expect(nearestName('contribtor', ['Consumer', 'Contributor'])).toBe('Contributor');
  expect(nearestName('DATABSENAME', ['instanceName', 'databaseName'])).toBe('databaseName');
  expect(nearestName('xyz', ['Consumer', 'Contributor'])).toBeUndefined();
});
