import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  COMPOSE_FILES,
  grafanaUids,
  parseArguments,
} from '../../../../scripts/ci/compose-alert-check.mjs';

/*
 * The compose check's own reading: its command line, and the uids it asks Grafana for, which
 * must be those compose provisions (the dashboard of deploy/grafana, the data source of
 * deploy/compose/grafana). The checks it makes are tested in compose-stack-checks.test.ts.
 */

describe('the compose alert check', () => {
  it('reads its command line', () => {
    expect(parseArguments([])).toEqual({
      timeoutMs: 600_000,
      receiver: 'databridge-team',
      keep: false,
    });
    expect(parseArguments(['--timeout', '30', '--receiver', 'ops', '--keep'])).toEqual({
      timeoutMs: 30_000,
      receiver: 'ops',
      keep: true,
    });
    expect(() => parseArguments(['--timeout', 'soon'])).toThrow(/usage/);
  });

  it('asks Grafana for the dashboard and the data source that compose provisions', () => {
    const stack = parse(readFileSync(COMPOSE_FILES[0] ?? '', 'utf8')) as {
      services: { grafana: { volumes: string[] } };
    };
    const mounted = stack.services.grafana.volumes.map((volume) => volume.split(':')[0]);
    expect(mounted).toContain('../grafana/databridge-monitor.json');
    expect(mounted).toContain('./grafana/datasources.yml');
    expect(grafanaUids()).toEqual({
      dashboardUid: 'databridge-monitor',
      datasourceUid: 'prometheus',
    });
  });
});
