import type { SecretStore } from '../../services/secrets/secret-store';
import type { SecretEnvName } from '../args/secret-args';
import type { OutputSettings } from '../output/output-args';
import type { Ask } from '../terminal/confirm';

/** What every command that talks to the service is given: its streams, terminal and keychain. */
export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secretStore: () => SecretStore;
  /** The variable of `env` that holds a secret read from standard input for this command. */
  readonly fromStdin?: SecretEnvName;
  /** How the answer is printed (--output, --query); indented JSON when absent. */
  readonly output?: OutputSettings;
  /** stderr is a terminal (progress redrawn in place). */
  readonly isTty?: boolean;
  /** Standard input is a terminal: with stderr one too, a person there can be asked. */
  readonly stdinIsTty?: boolean;
  /** Asks a question on the terminal (a destructive call's confirmation, a proxy's user name). */
  readonly ask?: Ask;
  /** Asks on the terminal without showing what is typed (a proxy's password). */
  readonly askSecret?: Ask;
}
