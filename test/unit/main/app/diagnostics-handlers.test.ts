import { describe, expect, it } from 'vitest';
import {
  createDiagnosticsHandlers,
  diagnosticsFileName,
} from '../../../../src/main/app/diagnostics-handlers';
import { PathProvenance } from '../../../../src/main/app/path-provenance';
import type { DiagnosticsRequest } from '../../../../src/main/services/diagnostics/diagnostics-service';
import { HarnessPlatform } from '../../../harness/harness-platform';

const context = {} as never;

function setup() {
  const platform = new HarnessPlatform();
  const provenance = new PathProvenance();
  const written: DiagnosticsRequest[] = [];
  const handlers = createDiagnosticsHandlers({
    platform,
    provenance,
    now: () => new Date('2026-11-30T02:15:42Z'),
    diagnostics: {
      write: (request) => {
        written.push(request);
        return Promise.resolve({
          file: request.file,
          bytes: 4096,
          profiles: 2,
          journals: 1,
          keychainAvailable: true,
          hostsChecked: 2,
          hostsAnswering: 1,
        });
      },
    },
  });
  return { platform, provenance, written, handlers };
}

describe('diagnostics handlers', () => {
  it('offers a file name with the time, in UTC', () => {
    expect(diagnosticsFileName(new Date('2026-11-30T02:15:42Z'))).toBe(
      'databridge-diagnostics-2026-11-30-0215.zip',
    );
  });

  it('writes to the file chosen in the save dialog, replacing it, and answers the summary', async () => {
    const { platform, provenance, written, handlers } = setup();
    platform.queueSaveFile('/tmp/support/bundle.zip');
    expect(await handlers['diagnostics:chooseFile'](undefined, context)).toEqual({
      file: '/tmp/support/bundle.zip',
    });
    const saved = await handlers['diagnostics:save']({ file: '/tmp/support/bundle.zip' }, context);
    expect(written).toEqual([{ file: '/tmp/support/bundle.zip', force: true }]);
    expect(saved).toEqual({
      file: '/tmp/support/bundle.zip',
      summary:
        '4096 bytes: 2 connection(s), 1 transfer journal(s), keychain available, 1 of 2 service host(s) answering.',
    });
    expect(provenance.has('/tmp/support/bundle.zip')).toBe(true);
  });

  it('refuses a file the dialog did not answer, a cancelled dialog, and a second save', async () => {
    const { platform, written, handlers } = setup();
    await expect(
      handlers['diagnostics:save']({ file: '/home/user/.bashrc' }, context),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    platform.queueSaveFile(undefined);
    expect(await handlers['diagnostics:chooseFile'](undefined, context)).toEqual({ file: null });
    platform.queueSaveFile('/tmp/a.zip');
    await handlers['diagnostics:chooseFile'](undefined, context);
    await expect(
      handlers['diagnostics:save']({ file: '/tmp/b.zip' }, context),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await handlers['diagnostics:save']({ file: '/tmp/a.zip' }, context);
    await expect(
      handlers['diagnostics:save']({ file: '/tmp/a.zip' }, context),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(written.map((request) => request.file)).toEqual(['/tmp/a.zip']);
  });
});
