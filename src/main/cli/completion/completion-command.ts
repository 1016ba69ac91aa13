import { bashCompletion } from './bash';
import { COMPLETION_SHELLS, type CompletionModel, type CompletionShell } from './completion-model';
import { fishCompletion } from './fish';
import { powershellCompletion } from './powershell';
import { zshCompletion } from './zsh';

/*
 * `databridge completion bash|zsh|fish|powershell`: prints the completion script of one shell.
 * Answered on the quick path (commands/quick.ts), from the model the bundle carries.
 */

const GENERATORS: Record<CompletionShell, (model: CompletionModel) => string> = {
  bash: bashCompletion,
  zsh: zshCompletion,
  fish: fishCompletion,
  powershell: powershellCompletion,
};

/** The help of `databridge completion`, with the install line of each shell. */
const COMPLETION_HELP = `Usage: databridge completion bash|zsh|fish|powershell

Prints a script that completes databridge's commands, options and option values in the shell.
  bash        in ~/.bashrc:  source <(databridge completion bash)
  zsh         in ~/.zshrc, after compinit:  source <(databridge completion zsh)
  fish        databridge completion fish > ~/.config/fish/completions/databridge.fish
  powershell  in $PROFILE:  databridge completion powershell | Out-String | Invoke-Expression`;

function isShell(word: string): word is CompletionShell {
  return (COMPLETION_SHELLS as readonly string[]).includes(word);
}

/** What `databridge completion ...` prints and its exit code; `words` follow `completion`. */
export async function completionAnswer(
  words: readonly string[],
  wantsHelp: boolean,
  model: () => Promise<CompletionModel>,
): Promise<{ stdout?: string; stderr?: string; exitCode: number }> {
  if (wantsHelp) return { stdout: `${COMPLETION_HELP}\n`, exitCode: 0 };
  const [shell, ...extra] = words;
  const name = shell?.toLowerCase() ?? '';
  if (!isShell(name) || extra.length > 0) {
    const given = words.length ? ` (got "${words.join(' ')}")` : '';
    // Exit code 2, as every usage error of the CLI (EXIT.usage in output/exit-codes.ts).
    return { stderr: `usage: name one shell${given}.\n${COMPLETION_HELP}\n`, exitCode: 2 };
  }
  return { stdout: GENERATORS[name](await model()), exitCode: 0 };
}
