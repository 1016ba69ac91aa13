/*
 * The `databridge` command lines a reader is shown: in README.md (its `sh` blocks and its
 * inline code) and in the command's `--help` pages. Each is found where the shell would run
 * `databridge` (at the start of a statement, after `|`, `<(`, `$(`, `&&` or `;`), with a
 * line that ends in `\` joined to the next; the program's name alone (`the \`databridge\`
 * command`) is none. A synopsis, which shows a command's shape with placeholders, is told
 * apart (isSynopsis).
 */

/** One command line as a reader sees it, and where. */
export interface CommandExample {
  /** The shell text, e.g. `databridge databases list --all-instances | head`. */
  readonly text: string;
  /** Where it was found: `README.md:348`, or the help page (`databridge import --help`). */
  readonly source: string;
}

/** Where `databridge` starts a shell statement in `text` (its offsets). */
function commandStarts(text: string): number[] {
  const starts: number[] = [];
  for (const match of text.matchAll(/(^|\|\s*|<\(|\$\(|&&\s*|;\s*)databridge(?=\s|$)/g)) {
    starts.push(match.index + (match[1]?.length ?? 0));
  }
  return starts;
}

/** `line` without a `#` comment (a `#` after a space, outside quotes). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && (i === 0 || /\s/.test(line[i - 1] ?? ''))) return line.slice(0, i);
  }
  return line;
}

/** Lines with those ending in `\` joined to the next, each with its first line's number. */
function joinedLines(lines: readonly string[]): { text: string; line: number }[] {
  const joined: { text: string; line: number }[] = [];
  let open: { text: string; line: number } | undefined;
  lines.forEach((raw, index) => {
    const text = open ? `${open.text} ${raw.trim()}` : raw;
    const line = open?.line ?? index + 1;
    open = /\\\s*$/.test(text) ? { text: text.replace(/\s*\\\s*$/, ''), line } : undefined;
    if (!open) joined.push({ text, line });
  });
  return joined;
}

/** The command lines of the lines of a shell block whose first line is line `first` + 1. */
function shellBlockExamples(block: readonly string[], first: number, file: string) {
  return joinedLines(block)
    .map(({ text, line }) => ({ text: text.trim(), source: `${file}:${first + line}` }))
    .filter(({ text }) => commandStarts(text).length > 0);
}

/** The command lines of README-like markdown: its `sh` blocks' lines and its inline code. */
export function markdownExamples(markdown: string, file: string): CommandExample[] {
  const found: CommandExample[] = [];
  const lines = markdown.split(/\r?\n/);
  let shell = false;
  let fenced = false;
  const prose: string[] = [];
  const block: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (/^```/.test(line)) {
      // A command of a shell block may go on over lines ending in `\`: joined, as bash does.
      if (shell) found.push(...shellBlockExamples(block, index - block.length, file));
      block.length = 0;
      fenced = !fenced;
      shell = fenced && /^```(sh|bash|shell)\s*$/.test(line);
      prose.push('');
      continue;
    }
    prose.push(fenced ? '' : line);
    if (shell) block.push(withoutComment(line));
  }
  // Inline code may run over a line break; its line is where it starts.
  const text = prose.join('\n');
  for (const match of text.matchAll(/`([^`]+)`/g)) {
    const code = match[1]?.replace(/\s*\n\s*/g, ' ').trim() ?? '';
    if (commandStarts(code).length === 0 || code === 'databridge') continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ text: code, source: `${file}:${line}` });
  }
  return found;
}

/**
 * The command lines of a help page: where a line, or one of its columns (two spaces or more
 * apart), runs `databridge` (after `e.g.` too), and each `"databridge ..."` it quotes.
 */
export function helpExamples(help: string, page: string): CommandExample[] {
  const found: CommandExample[] = [];
  for (const { text } of joinedLines(help.split(/\r?\n/))) {
    for (const quoted of text.matchAll(/"(databridge [^"]+)"/g)) {
      found.push({ text: quoted[1] ?? '', source: page });
    }
    const unquoted = text.replace(/"databridge [^"]+"/g, '');
    for (const column of unquoted.trim().split(/\s{2,}/)) {
      const code = column.replace(/^e\.g\.\s+/, '').trim();
      if (commandStarts(code).length > 0) found.push({ text: code, source: page });
    }
  }
  return found;
}

/** The words of a command line, quotes kept (enough to tell placeholders and options). */
function words(text: string): string[] {
  return text.match(/'[^']*'|"[^"]*"|\S+/g) ?? [];
}

/** Metavariables of the help: one capital (I, J, D, A) or the named ones. */
const METAVARIABLE =
  /^([A-Z]|DIR|FILE|NAME|URL|KEY|ID|TEXT|JSON|EXPR|FORMAT|VALUE|SECONDS|MIBPS|KIBPS|HOST:PORT|PASSWORD|OPERATION|[A-Z](,[A-Z])*,\.\.\.)$/;

/** True for a word that stands for something to fill in. */
function isPlaceholder(word: string): boolean {
  // A quoted value is what it says: --query "[?pinned].name".
  if (/^['"]/.test(word)) return false;
  return (
    /<[A-Za-z][^>]*>/.test(word) || // <group>, trail=<id>
    word.startsWith('[') || // [--json]
    word === '...' ||
    METAVARIABLE.test(word) || // I, DIR, HOST:PORT
    /^[\w-]+(\|[\w-]+)+$/.test(word) // bash|zsh|fish, EU|US
  );
}

/**
 * True when `text` shows a command's shape rather than a command to run: it has placeholders
 * (`<group>`, `[--json]`, `...`, metavariables such as `I`, `DIR`, alternatives `bash|zsh`).
 */
export function isSynopsis(text: string): boolean {
  return words(text).some(isPlaceholder);
}
