import {
  commandLine,
  formatCommandLine,
  type OperationCallInput,
  type ShellKind,
} from '@shared/cli/command-line';
import type { ResourceOperationId } from '@shared/ipc/resource-channels';
import { useProfilesStore } from '../stores/profiles-store';
import { useClipboard } from './use-clipboard';

/**
 * A dialog's action as the `databridge` command line would run it ("Copy as command"): the
 * operation and the input the dialog sends, and the profile it runs on.
 */
export interface DialogCommand {
  readonly operationId: ResourceOperationId;
  readonly profileId: string;
  readonly input: OperationCallInput;
  /** An export's destination folder: the command is then the CLI's `export` transfer. */
  readonly destinationFolder?: string;
}

/** PowerShell on Windows, where the app's users paste into it; a POSIX shell elsewhere. */
function preferredShell(): ShellKind {
  return /^Win/.test(navigator.platform) ? 'powershell' : 'posix';
}

/**
 * Copies a dialog's command line to the clipboard with a "Command copied" toast. The profile
 * is named by `--profile NAME` (the CLI finds a saved connection by its name, its secret in
 * the keychain), so the command carries no secret. Call in a component's setup.
 */
export function useCopyCommand(): (command: DialogCommand) => Promise<boolean> {
  const copy = useClipboard();
  const profiles = useProfilesStore();
  return (command) => {
    const profile = profiles.byId(command.profileId)?.name;
    const line = commandLine({
      operationId: command.operationId,
      input: command.input,
      ...(command.destinationFolder === undefined
        ? {}
        : { destinationFolder: command.destinationFolder }),
      ...(profile === undefined ? {} : { profile }),
    });
    return copy(formatCommandLine(line, preferredShell()), 'Command copied');
  };
}
