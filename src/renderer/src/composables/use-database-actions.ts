import { computed, ref, type ComputedRef, type Ref } from 'vue';
import type { Database } from '@shared/contract/records/databases';
import type { RowAction } from '../model/tables/resource-table';
import { useNavigationStore } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useTransfersStore } from '../stores/transfers-store';
import { useCommands } from './use-commands';

/** The database actions that open a dialog. */
export type DatabaseActionKind =
  'create' | 'drop' | 'pin' | 'rename' | 'move' | 'shrink' | 'archive' | 'security';

/** The dialog open now: which action, on which database (none for create). */
export interface ActiveDatabaseAction {
  readonly kind: DatabaseActionKind;
  readonly database?: Database;
}

const TITLES: Readonly<Record<Exclude<DatabaseActionKind, 'create'>, string>> = {
  pin: 'Pin or unpin…',
  rename: 'Rename…',
  move: 'Move to another instance…',
  shrink: 'Shrink…',
  archive: 'Archive…',
  security: 'Security groups…',
  drop: 'Drop…',
};

/** What the palette calls an action on database `name`. */
const PALETTE_TITLES: Readonly<
  Record<Exclude<DatabaseActionKind, 'create'>, (name: string) => string>
> = {
  pin: (name) => `Pin or unpin ${name}…`,
  rename: (name) => `Rename ${name}…`,
  move: (name) => `Move ${name} to another instance…`,
  shrink: (name) => `Shrink ${name}…`,
  archive: (name) => `Archive ${name}…`,
  security: (name) => `Security groups of ${name}…`,
  drop: (name) => `Drop ${name}…`,
};

/** The row menu of a database: open, export, then every action that opens a dialog. */
function databaseRowActions(
  database: Database,
  context: {
    readonly target: { readonly profileId: string; readonly instanceName: string };
    readonly isReadOnly: boolean;
    readonly navigation: ReturnType<typeof useNavigationStore>;
    readonly transfers: ReturnType<typeof useTransfersStore>;
    readonly open: (kind: DatabaseActionKind, database?: Database) => void;
  },
): RowAction[] {
  const { target, isReadOnly, open } = context;
  const items: RowAction[] = [
    {
      key: 'open',
      label: 'Open',
      run: () =>
        context.navigation.open({
          kind: 'database',
          profileId: target.profileId,
          instanceName: target.instanceName,
          databaseName: database.name,
        }),
    },
  ];
  items.push({
    key: 'export',
    label: 'Export…',
    disabled: isReadOnly,
    run: () => context.transfers.proposeExport({ ...target, databaseName: database.name }),
  });
  for (const [kind, label] of Object.entries(TITLES) as Array<[DatabaseActionKind, string]>) {
    items.push({
      key: kind,
      label: kind === 'pin' ? (database.pinned ? 'Unpin or change expiry…' : 'Pin…') : label,
      disabled: isReadOnly,
      danger: kind === 'drop',
      run: () => open(kind, database),
    });
  }
  return items;
}

/**
 * The database actions of an instance: which dialog is open, the row menu, and palette
 * commands. Every action changes something, so none is offered on a read-only profile.
 * `current` names the database the palette's commands act on (the database view's).
 */
export function useDatabaseActions(options: {
  profileId: string;
  instanceName: string;
  current?: () => Database | undefined;
  /** The name of the database view's database, for the palette's titles. */
  currentName?: string;
}): {
  active: Ref<ActiveDatabaseAction | undefined>;
  readOnly: ComputedRef<boolean>;
  open: (kind: DatabaseActionKind, database?: Database) => void;
  rowActions: (database: Database) => RowAction[];
} {
  const profiles = useProfilesStore();
  const navigation = useNavigationStore();
  const transfers = useTransfersStore();
  const { registerCommand } = useCommands();
  const active = ref<ActiveDatabaseAction>();
  const readOnly = computed(() => profiles.isReadOnly(options.profileId));

  function open(kind: DatabaseActionKind, database?: Database): void {
    if (readOnly.value) return;
    active.value = database ? { kind, database } : { kind };
  }

  const rowActions = (database: Database): RowAction[] =>
    databaseRowActions(database, {
      target: { profileId: options.profileId, instanceName: options.instanceName },
      isReadOnly: readOnly.value,
      navigation,
      transfers,
      open,
    });

  registerCommand({
    id: 'databases.create',
    title: `Create database on ${options.instanceName}…`,
    group: 'Database',
    enabled: () => !readOnly.value,
    run: () => open('create'),
  });
  const current = options.current;
  if (current) {
    for (const [kind, title] of Object.entries(PALETTE_TITLES) as Array<
      [DatabaseActionKind, (name: string) => string]
    >) {
      registerCommand({
        id: `databases.${kind}`,
        title: title(options.currentName ?? 'this database'),
        group: 'Database',
        enabled: () => !readOnly.value && current() !== undefined,
        run: () => open(kind, current()),
      });
    }
  }
  return { active, readOnly, open, rowActions };
}
