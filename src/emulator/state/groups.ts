import { randomUUID } from 'node:crypto';

/** A security group of the tenant (what API keys and users are mapped to). */
export interface SecurityGroup {
  readonly id: string;
  readonly name: string;
}

/**
 * The tenant's security groups. They exist in every seed, since the demo users and API keys
 * belong to them. A Consumer sees a secured database only when it shares one of these with it.
 */
export const TENANT_GROUPS = {
  analysts: { id: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a51', name: 'Analysts' },
  underwriting: { id: '7a2d3b8f-4c5e-4f60-9bac-1d2e3f4a5b62', name: 'Underwriting' },
  finance: { id: '8b3e4c90-5d6f-4071-8cbd-2e3f4a5b6c73', name: 'Finance' },
  platform: { id: '9c4f5da1-6e70-4182-9dce-3f4a5b6c7d84', name: 'Platform Admins' },
} as const satisfies Record<string, SecurityGroup>;

/**
 * Looks groups up by id or name. The seed's groups keep their names for the demo; any other
 * group id the interface allows (any non-empty text) is accepted as a group of the tenant,
 * named by its id, since the interface has no rule that refuses an id it does not know. A
 * new name gets a new id, kept, so that the same name is the same group on later calls.
 */
export class GroupDirectory {
  readonly #groups: SecurityGroup[];

  constructor(groups: readonly SecurityGroup[] = Object.values(TENANT_GROUPS)) {
    this.#groups = [...groups];
  }

  /** The group with `id` (case-insensitive, as GUIDs are), or undefined. */
  byId(id: string): SecurityGroup | undefined {
    return this.#groups.find((group) => group.id.toLowerCase() === id.toLowerCase());
  }

  /** The groups named by `ids` and `names`, without duplicates; unknown ones are added. */
  resolve(ids: readonly string[] = [], names: readonly string[] = []): SecurityGroup[] {
    const found = new Map<string, SecurityGroup>();
    for (const id of ids) {
      const group = this.byId(id) ?? this.#add({ id, name: id });
      found.set(group.id, group);
    }
    for (const name of names) {
      const known = this.#groups.find((g) => g.name.toLowerCase() === name.toLowerCase());
      const group = known ?? this.#add({ id: randomUUID(), name });
      found.set(group.id, group);
    }
    return [...found.values()];
  }

  #add(group: SecurityGroup): SecurityGroup {
    this.#groups.push(group);
    return group;
  }
}
