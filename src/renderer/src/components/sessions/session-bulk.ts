import type { Session } from '@shared/contract/records/sessions';
import { AppError } from '@shared/errors';
import type { KillOutcome } from '@renderer/stores/sessions-store';
import type { WindowAction } from '@shared/ipc/resource-channels';
import type { BulkAction } from '../common/bulk-action';
import { countOf, readOnlyReason } from '../common/bulk-words';

/**
 * The sessions view's actions on selected sessions: kill them. Each kill is the guarded one
 * of a single session (read again first, refused when the spid changed hands), logged.
 */
export function sessionBulkActions(options: {
  readonly readOnly: boolean;
  readonly kill: (session: Session, action: WindowAction) => Promise<KillOutcome>;
}): BulkAction<Session>[] {
  return [
    {
      key: 'kill',
      label: 'Kill…',
      title: (count) => `Kill ${countOf(count, 'session')}`,
      warning: () =>
        'Each session is terminated: what it runs is rolled back. Before each kill the session is read again; one that now belongs to another login is left alone.',
      danger: true,
      disabledReason: readOnlyReason(options.readOnly),
      skipReason: (row) =>
        row.status === 'background'
          ? 'A background session of SQL Server cannot be killed.'
          : undefined,
      run: async (row, action) => {
        const outcome = await options.kill(row, action);
        if (outcome.outcome === 'refused') {
          throw new AppError({ code: 'CONFLICT', message: outcome.message });
        }
        return 'Terminated';
      },
    },
  ];
}
