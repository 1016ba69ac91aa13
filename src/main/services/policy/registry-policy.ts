import { z } from 'zod';
import { innerSchema, PolicySchema, PolicySettingsSchema } from '../../../shared/model/policy';

/*
 * The policy from the Windows registry, as `reg query HKLM\Software\Policies\DataBridge /s`
 * prints it (Group Policy writes it from deploy/windows/policy/DataBridge.admx). The key's
 * values are the policy's top-level keys; its subkeys `defaults`, `locked` and `updates` are
 * objects, `allowedServiceUrls` and `allowedRegions` are lists (the values in name order, as
 * an ADMX list writes them: 1, 2, 3...). Names match case-insensitively, as the registry does.
 * A REG_DWORD is a number, or a boolean where the schema wants one (0 is false).
 * The object this answers is then validated with the policy schema like the file's.
 */

const OBJECT_KEYS = ['defaults', 'locked', 'updates'] as const;
const LIST_KEYS = ['allowedServiceUrls', 'allowedRegions'] as const;

type RegValue = string | number | string[];

/** A registry key's values by name, from `reg query /s` output. */
type RegKeys = Map<string, Map<string, RegValue>>;

const VALUE_LINE = /^ {4}(.+?) {4}(REG_SZ|REG_EXPAND_SZ|REG_DWORD|REG_QWORD|REG_MULTI_SZ) {4}(.*)$/;

/** The keys and values of `reg query /s` output, keys by their path below `root`, lower case. */
function readKeys(output: string, root: string): RegKeys {
  const keys: RegKeys = new Map();
  const prefix = root.toLowerCase();
  let current: Map<string, RegValue> | undefined;
  for (const line of output.split(/\r?\n/)) {
    if (/^HKEY_/i.test(line)) {
      const path = line.trim().toLowerCase();
      const below = path.startsWith(prefix) ? path.slice(prefix.length).replace(/^\\/, '') : path;
      current = new Map();
      keys.set(below, current);
      continue;
    }
    const match = VALUE_LINE.exec(line);
    if (!match || !current) continue;
    const [, name = '', type = '', data = ''] = match;
    current.set(name.trim(), valueOf(type, data));
  }
  return keys;
}

function valueOf(type: string, data: string): RegValue {
  if (type === 'REG_DWORD' || type === 'REG_QWORD') return Number.parseInt(data, 16);
  if (type === 'REG_MULTI_SZ') return data.split('\\0').filter((item) => item !== '');
  return data;
}

/**
 * The policy object of `reg query` output (not yet validated), or undefined when the key holds
 * no value at all (no policy set by the registry). `root` is the queried key as reg prints it.
 */
export function policyFromRegQuery(
  output: string,
  root = 'HKEY_LOCAL_MACHINE\\Software\\Policies\\DataBridge',
): Record<string, unknown> | undefined {
  const keys = readKeys(output, root);
  const count = [...keys.values()].reduce((sum, values) => sum + values.size, 0);
  if (count === 0) return undefined;
  const policy: Record<string, unknown> = { version: 1 };
  const top = PolicySchema.shape as Record<string, z.ZodType>;
  for (const [name, value] of keys.get('') ?? []) {
    const key = named(Object.keys(top), name);
    policy[key] = coerce(top[key], value);
  }
  for (const [path, values] of keys) {
    if (path === '') continue;
    const objectKey = OBJECT_KEYS.find((key) => key.toLowerCase() === path);
    const listKey = LIST_KEYS.find((key) => key.toLowerCase() === path);
    if (objectKey) policy[objectKey] = objectOf(objectKey, values);
    else if (listKey) policy[listKey] = listOf(values);
    else policy[path] = Object.fromEntries(values); // an unknown subkey: the schema names it
  }
  return policy;
}

function objectOf(
  key: (typeof OBJECT_KEYS)[number],
  values: Map<string, RegValue>,
): Record<string, unknown> {
  const shape: Record<string, z.ZodType> =
    key === 'updates' ? updatesShape() : PolicySettingsSchema.shape;
  const object: Record<string, unknown> = {};
  for (const [name, value] of values) {
    const known = named(Object.keys(shape), name);
    object[known] = coerce(shape[known], value);
  }
  return object;
}

function updatesShape(): Record<string, z.ZodType> {
  return (innerSchema(PolicySchema.shape.updates) as z.ZodObject).shape;
}

function listOf(values: Map<string, RegValue>): RegValue[] {
  return [...values.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, value]) => value);
}

/** The schema's spelling of a registry name (registry names are case-insensitive). */
function named(known: readonly string[], name: string): string {
  return known.find((key) => key.toLowerCase() === name.toLowerCase()) ?? name;
}

/** A registry value as the schema wants it: a DWORD as a boolean, a number typed as text. */
function coerce(schema: z.ZodType | undefined, value: RegValue): unknown {
  const inner = schema && innerSchema(schema);
  if (inner instanceof z.ZodBoolean && typeof value === 'number') return value !== 0;
  if (inner instanceof z.ZodNumber && typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  return value;
}
