import { defineStore } from 'pinia';
import { computed, getCurrentScope, onScopeDispose, shallowRef, type ComputedRef } from 'vue';

/** One action the command palette (Ctrl/Cmd+Shift+P) lists and runs. */
export interface Command {
  /** Unique, e.g. `databases.create`; registering the same id again replaces it. */
  readonly id: string;
  /** What the palette shows, e.g. `Create database…`. */
  readonly title: string;
  /** A heading to group by, e.g. `Database`, `View`, `Connection`. */
  readonly group: string;
  /** Runs the command (may open a dialog). */
  readonly run: () => unknown;
  /** False (or a function answering false) greys the command out, e.g. on read-only profiles. */
  readonly enabled?: boolean | (() => boolean);
  /** Extra words the palette's search matches. */
  readonly keywords?: readonly string[];
  /** A shortcut shown beside the title, e.g. `Ctrl+J` (the frame binds it). */
  readonly shortcut?: string;
}

/** The command registry (a store so the palette and every view share it). */
export const useCommandRegistry = defineStore('commands', () => {
  const byId = shallowRef(new Map<string, Command>());

  function add(command: Command): void {
    byId.value = new Map(byId.value).set(command.id, command);
  }

  function remove(id: string, command: Command): void {
    // Only the registration that is still current is removed (a view re-created with the same
    // command ids registers before the old one unmounts).
    if (byId.value.get(id) !== command) return;
    const next = new Map(byId.value);
    next.delete(id);
    byId.value = next;
  }

  const commands = computed(() =>
    [...byId.value.values()].sort(
      (a, b) => a.group.localeCompare(b.group) || a.title.localeCompare(b.title),
    ),
  );

  return { byId, commands, add, remove };
});

/** True when a command may run now. */
export function isCommandEnabled(command: Command): boolean {
  const { enabled } = command;
  return typeof enabled === 'function' ? enabled() : enabled !== false;
}

/**
 * Registers commands for the palette. Inside a component (or any effect scope) they are
 * removed when it unmounts, so a view's actions are listed while the view is open:
 *
 * ```ts
 * const { registerCommand } = useCommands();
 * registerCommand({ id: 'databases.create', title: 'Create database…', group: 'Database',
 *   run: openCreate, enabled: () => !readOnly.value });
 * ```
 */
export function useCommands(): {
  registerCommand: (command: Command) => () => void;
  commands: ComputedRef<Command[]>;
  runCommand: (id: string) => Promise<boolean>;
} {
  const registry = useCommandRegistry();
  const owned: Array<() => void> = [];
  if (getCurrentScope()) onScopeDispose(() => owned.forEach((stop) => stop()));

  function registerCommand(command: Command): () => void {
    registry.add(command);
    const stop = (): void => registry.remove(command.id, command);
    owned.push(stop);
    return stop;
  }

  /** Runs a command by id when it exists and is enabled; answers whether it ran. */
  async function runCommand(id: string): Promise<boolean> {
    const command = registry.byId.get(id);
    if (!command || !isCommandEnabled(command)) return false;
    await command.run();
    return true;
  }

  return { registerCommand, commands: computed(() => registry.commands), runCommand };
}
