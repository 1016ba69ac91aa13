import {
  keyedCommands,
  valueCases,
  valueOptionNames,
  type CompletionModel,
  type CompletionValue,
} from './completion-model';

/*
 * The bash completion script: one function, `_databridge`, with the model written into it as
 * `case` tables. It finds the command in the words before the cursor (skipping options and
 * their values, as the CLI's own parser does), then offers commands, options or an option's
 * values. `--name=value` is split by bash at the `=` (COMP_WORDBREAKS), which it handles.
 */

/** Words are names from the catalogue; anything else is quoted for the script. */
function word(text: string): string {
  return /^[A-Za-z0-9_.:,+@%/-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

function words(list: readonly string[]): string {
  return word(list.join(' '));
}

/** The `compgen` call for a value, or an empty string when there is nothing to offer. */
function offer(value: CompletionValue | undefined): string {
  if (value?.kind === 'values') return `COMPREPLY=($(compgen -W ${words(value.values)} -- "$cur"))`;
  if (value?.kind === 'path') {
    return 'compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))';
  }
  return 'COMPREPLY=()';
}

function optionsCases(model: CompletionModel): string[] {
  const lines = keyedCommands(model).map(
    ({ key, command }) =>
      `    ${word(key)}) opts=${words(command.options.map((o) => `--${o.name}`))} ;;`,
  );
  const global = words(model.globalOptions.map((o) => `--${o.name}`));
  return [...lines, `    *) opts=${global} ;;`];
}

function valueLines(model: CompletionModel): string[] {
  const lines = valueCases(model).map(
    ({ key, name, value }) =>
      `    ${key === undefined ? '*' : word(key)}:${word(name)}) ${offer(value)} ;;`,
  );
  return [...lines, '    *) COMPREPLY=() ;;'];
}

function argumentCases(model: CompletionModel): string[] {
  const lines = keyedCommands(model)
    .filter(({ command }) => command.argument !== undefined)
    .map(({ key, command }) => `    ${word(key)}) ${offer(command.argument)} ;;`);
  return [...lines, '    *) COMPREPLY=() ;;'];
}

function groupCases(model: CompletionModel): string[] {
  const lines = model.groups.map(
    (group) => `    ${word(group.name)}) cmds=${words(group.commands.map((c) => c.name))} ;;`,
  );
  return [...lines, '    *) cmds="" ;;'];
}

function takesValueFunction(model: CompletionModel): string {
  return `_databridge_takes_value() {
  case "$1" in
    ${valueOptionNames(model).map(word).join('|')}) return 0 ;;
    *) return 1 ;;
  esac
}`;
}

/**
 * Sets the caller's `cur`, `option` (whose value is being completed), `pos` (the command
 * words before the cursor) and `key` (the command they name); bash's locals are seen by the
 * functions called.
 */
function scanFunction(model: CompletionModel): string {
  const topCommands = model.commands.map((c) => word(c.name)).join(' ');
  return `_databridge_scan() {
  local prev="" i w
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # An option's value after "=": bash splits "--name=va" into "--name" "=" "va".
  if [[ $cur == "=" ]]; then
    option="$prev"; cur=""
  elif [[ $prev == "=" ]] && (( COMP_CWORD > 1 )); then
    option="\${COMP_WORDS[COMP_CWORD-2]}"
  elif [[ $prev == --* ]] && _databridge_takes_value "\${prev#--}"; then
    option="$prev"
  fi
  # The command words before the cursor: every word that is not an option or its value.
  for (( i = 1; i < COMP_CWORD; i++ )); do
    w="\${COMP_WORDS[i]}"
    if [[ $w == -* ]]; then
      if [[ \${COMP_WORDS[i+1]} == "=" ]]; then
        (( i += 2 ))
      elif _databridge_takes_value "\${w#--}" && (( i + 1 < COMP_CWORD )) && [[ \${COMP_WORDS[i+1]} != -* ]]; then
        (( i += 1 ))
      fi
      continue
    fi
    pos+=("$w")
  done
  case " ${topCommands} " in
    *" \${pos[0]} "*) key="\${pos[0]}" ;;
    *) (( \${#pos[@]} >= 2 )) && key="\${pos[0]}.\${pos[1]}" ;;
  esac
  return 0
}`;
}

function completeFunction(model: CompletionModel): string {
  const top = [...model.groups.map((g) => g.name), ...model.commands.map((c) => c.name)];
  return `_databridge() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" option="" key=""
  local -a pos=()
  _databridge_scan
  if [[ -n $option ]]; then
    case "$key:\${option#--}" in
${valueLines(model).join('\n')}
    esac
  elif [[ $cur == -* ]]; then
    local opts=""
    case "$key" in
${optionsCases(model).join('\n')}
    esac
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif (( \${#pos[@]} == 0 )); then
    COMPREPLY=($(compgen -W ${words(top)} -- "$cur"))
  elif (( \${#pos[@]} == 1 )) && [[ -z $key ]]; then
    local cmds=""
    case "\${pos[0]}" in
${groupCases(model).join('\n')}
    esac
    COMPREPLY=($(compgen -W "$cmds" -- "$cur"))
  else
    case "$key" in
${argumentCases(model).join('\n')}
    esac
  fi
  return 0
}`;
}

/** The bash completion script of `model`. */
export function bashCompletion(model: CompletionModel): string {
  return [
    '# bash completion for databridge (generated by "databridge completion bash").',
    '# Load it in ~/.bashrc: source <(databridge completion bash)',
    '',
    takesValueFunction(model),
    '',
    scanFunction(model),
    '',
    completeFunction(model),
    '',
    'complete -F _databridge databridge',
    '',
  ].join('\n');
}
