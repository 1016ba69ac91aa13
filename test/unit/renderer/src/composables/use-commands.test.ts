import { beforeEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import {
  isCommandEnabled,
  useCommandRegistry,
  useCommands,
} from '@renderer/composables/use-commands';
import { explorerIpc } from '../../../../support/renderer/explorer-fake-ipc';

describe('useCommands', () => {
  beforeEach(() => {
    explorerIpc();
  });

  it('lists commands by group and title, and removes a scope’s commands when it ends', () => {
    const scope = effectScope();
    scope.run(() => {
      const { registerCommand } = useCommands();
      registerCommand({ id: 'b', title: 'Rename…', group: 'Database', run: () => undefined });
      registerCommand({ id: 'a', title: 'Create…', group: 'Database', run: () => undefined });
      registerCommand({ id: 'c', title: 'Toggle', group: 'View', run: () => undefined });
    });
    const registry = useCommandRegistry();
    expect(registry.commands.map((c) => c.id)).toEqual(['a', 'b', 'c']);
    scope.stop();
    expect(registry.commands).toEqual([]);
  });

  it('keeps a newer registration of the same id when the older scope ends', () => {
    const older = effectScope();
    const newer = effectScope();
    older.run(() =>
      useCommands().registerCommand({ id: 'x', title: 'Old', group: 'G', run: () => 1 }),
    );
    newer.run(() =>
      useCommands().registerCommand({ id: 'x', title: 'New', group: 'G', run: () => 2 }),
    );
    older.stop();
    expect(useCommandRegistry().commands.map((c) => c.title)).toEqual(['New']);
  });

  it('runs only enabled commands', async () => {
    let ran = 0;
    let allowed = false;
    const { registerCommand, runCommand } = useCommands();
    registerCommand({
      id: 'drop',
      title: 'Drop',
      group: 'Database',
      enabled: () => allowed,
      run: () => void ran++,
    });
    const command = useCommandRegistry().byId.get('drop');
    expect(command && isCommandEnabled(command)).toBe(false);
    expect(await runCommand('drop')).toBe(false);
    allowed = true;
    expect(await runCommand('drop')).toBe(true);
    expect(await runCommand('missing')).toBe(false);
    expect(ran).toBe(1);
  });
});
