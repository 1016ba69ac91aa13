import { resolve } from 'node:path';
import { AppError } from '../../shared/errors';
import type { IpcHandlers } from '../services/ipc/ipc-router';
import { summaryLine, type DiagnosticsService } from '../services/diagnostics/diagnostics-service';
import type { PathProvenance } from './path-provenance';
import type { PlatformPort } from './platform-port';

/** What the diagnostics channels need. */
export interface DiagnosticsHandlerDeps {
  readonly diagnostics: Pick<DiagnosticsService, 'write'>;
  readonly platform: PlatformPort;
  readonly provenance: PathProvenance;
  readonly now?: () => Date;
}

/** The name the save dialog offers: `databridge-diagnostics-2026-11-30-0215.zip` (UTC). */
export function diagnosticsFileName(now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `databridge-diagnostics-${stamp}.zip`;
}

/**
 * Help → Save diagnostics…, in two calls so the window can show progress while the bundle is
 * made but not while the user is choosing where: `chooseFile` asks in the system's save
 * dialog (which asks before replacing a file, so the bundle then replaces it), `save` writes
 * to that file. `save` takes only the file the dialog answered last, once: a script in the
 * page cannot make main write (or replace) any other file. The window gets the path and the
 * summary line, never the bundle's content; the file may then be shown in its folder.
 */
export function createDiagnosticsHandlers(
  deps: DiagnosticsHandlerDeps,
): Pick<IpcHandlers, 'diagnostics:chooseFile' | 'diagnostics:save'> {
  let chosen: string | undefined;
  return {
    'diagnostics:chooseFile': async () => {
      const file = await deps.platform.chooseSaveFile({
        title: 'Save diagnostics',
        defaultPath: diagnosticsFileName((deps.now ?? (() => new Date()))()),
        filters: [{ name: 'Zip archive', extensions: ['zip'] }],
      });
      chosen = file === undefined ? undefined : resolve(file);
      return { file: chosen ?? null };
    },
    'diagnostics:save': async ({ file }) => {
      if (chosen === undefined || resolve(file) !== chosen) {
        throw new AppError({
          code: 'FORBIDDEN',
          message:
            'The diagnostics are saved only to the file chosen in the save dialog. Choose Help → Save diagnostics… again.',
        });
      }
      chosen = undefined;
      const summary = await deps.diagnostics.write({ file, force: true });
      deps.provenance.add(file);
      return { file, summary: summaryLine(summary) };
    },
  };
}
