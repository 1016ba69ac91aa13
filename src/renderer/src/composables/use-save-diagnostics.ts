import { useMessage } from 'naive-ui';
import { asAppError, failureText } from '../api/app-error';
import { useIpcClient } from '../api/client';
import { withDelayedProgress } from '../model/display/delayed-progress';

/**
 * Help → Save diagnostics… (the menu, the command palette): main asks where in the system's
 * save dialog, then writes the bundle; a progress message shows when that takes over a second
 * (it checks each service host), and a message with the file's path when it is written.
 */
export function useSaveDiagnostics(): () => Promise<void> {
  const client = useIpcClient();
  const message = useMessage();
  return async () => {
    try {
      const { file } = await client.invoke('diagnostics:chooseFile');
      if (file === null) return;
      const saved = await withDelayedProgress(() => client.invoke('diagnostics:save', { file }), {
        show: () => {
          const shown = message.loading(
            'Saving diagnostics: checking the connection to each service host…',
            { duration: 0 },
          );
          return () => shown.destroy();
        },
      });
      message.success(`Diagnostics saved to ${saved.file}. ${saved.summary}`, {
        duration: 10_000,
        closable: true,
      });
    } catch (caught) {
      message.error(failureText('Saving diagnostics', asAppError(caught)));
    }
  };
}
