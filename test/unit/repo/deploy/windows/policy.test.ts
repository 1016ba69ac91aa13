import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  innerSchema,
  POLICY_ONLY_KEYS,
  PolicySettingsSchema,
  SETTING_KEYS,
} from '../../../../../src/shared/model/policy';

/*
 * The Group Policy template (deploy/windows/policy) covers every key of the policy schema, so
 * the two cannot drift: a setting added to the schema fails here until the ADMX locks and
 * defaults it too (or it is listed below as one a template cannot offer, with why).
 */

const ROOT = 'Software\\Policies\\DataBridge';

/** Settings the template does not offer: unwatchedInstances names profiles, per machine user. */
const NOT_IN_TEMPLATE = ['unwatchedInstances'];

interface XmlElement {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlElement[];
  parent?: XmlElement;
}

/**
 * The elements of an XML document (no DTD, CDATA or entities beyond the predefined ones,
 * which the template does not use), refusing one whose tags do not nest.
 */
function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  let open = root;
  const body = text.replace(/<\?xml[^?]*\?>/, '').replace(/<!--[\s\S]*?-->/g, '');
  for (const [, closing, name = '', rest = '', selfClosing] of body.matchAll(
    /<(\/?)([\w:.-]+)((?:\s+[\w:.-]+="[^"]*")*)\s*(\/?)>/g,
  )) {
    if (closing) {
      if (open.name !== name) throw new Error(`</${name}> closes <${open.name}>`);
      open = open.parent ?? root;
      continue;
    }
    const attributes = Object.fromEntries(
      [...rest.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, key = '', value = '']) => [key, value]),
    );
    const element: XmlElement = { name, attributes, children: [], parent: open };
    open.children.push(element);
    if (!selfClosing) open = element;
  }
  if (open !== root) throw new Error(`<${open.name}> is not closed`);
  return root;
}

function all(element: XmlElement, name: string): XmlElement[] {
  return element.children.flatMap((child) => [
    ...(child.name === name ? [child] : []),
    ...all(child, name),
  ]);
}

const admx = parseXml(readFileSync('deploy/windows/policy/DataBridge.admx', 'utf8'));
const adml = parseXml(readFileSync('deploy/windows/policy/en-US/DataBridge.adml', 'utf8'));

/** Every registry value the template writes, as `key|valueName` (a list: `key|*`). */
function registryValues(): Set<string> {
  const values = new Set<string>();
  for (const policy of all(admx, 'policy')) {
    const key = policy.attributes['key'] ?? '';
    if (policy.attributes['valueName']) values.add(`${key}|${policy.attributes['valueName']}`);
    for (const element of all(policy, 'elements').flatMap((e) => e.children)) {
      if (element.name === 'list') values.add(`${element.attributes['key'] ?? ''}|*`);
      else values.add(`${element.attributes['key'] ?? key}|${element.attributes['valueName']}`);
    }
  }
  return values;
}

describe('the Windows policy template', () => {
  const values = registryValues();

  it('locks and defaults every setting of the schema', () => {
    const offered = SETTING_KEYS.filter((key) => !NOT_IN_TEMPLATE.includes(key));
    expect(offered.length).toBeGreaterThan(15);
    for (const key of offered) {
      expect(values, `locked ${key}`).toContain(`${ROOT}\\locked|${key}`);
      expect(values, `defaults ${key}`).toContain(`${ROOT}\\defaults|${key}`);
    }
  });

  it('offers every policy-only key where the registry reader looks for it', () => {
    expect([...POLICY_ONLY_KEYS].sort()).toEqual([
      'allowDestructive',
      'allowSessionKill',
      'allowedRegions',
      'allowedServiceUrls',
      'teamMonitorUrl',
      'updates',
    ]);
    for (const key of ['allowDestructive', 'allowSessionKill', 'teamMonitorUrl']) {
      expect(values).toContain(`${ROOT}|${key}`);
    }
    for (const key of ['allowedServiceUrls', 'allowedRegions']) {
      expect(values).toContain(`${ROOT}\\${key}|*`);
    }
    // The update mode and channel are settings (updateMode, updateChannel), locked and
    // defaulted like the others above; the updates key holds the pin and the mirror.
    for (const key of ['pinVersion', 'url']) {
      expect(values).toContain(`${ROOT}\\updates|${key}`);
    }
  });

  it('offers the values of each enumerated setting as the schema has them', () => {
    const shape = PolicySettingsSchema.shape as Record<string, z.ZodType>;
    for (const element of all(admx, 'enum')) {
      const schema = shape[element.attributes['id'] ?? ''];
      if (!schema) throw new Error(`${element.attributes['id']} is no setting`);
      const inner = innerSchema(schema);
      if (!(inner instanceof z.ZodEnum)) throw new Error(`${element.attributes['id']} is no enum`);
      const offered = all(element, 'string').length;
      expect(offered, element.attributes['id']).toBe(inner.options.length);
    }
  });

  it('names only strings and presentations the ADML defines', () => {
    const text = readFileSync('deploy/windows/policy/DataBridge.admx', 'utf8');
    const strings = new Set(all(adml, 'string').map((s) => s.attributes['id']));
    const presentations = new Set(all(adml, 'presentation').map((p) => p.attributes['id']));
    for (const [, id] of text.matchAll(/\$\(string\.([\w.-]+)\)/g)) expect(strings).toContain(id);
    for (const [, id] of text.matchAll(/\$\(presentation\.([\w.-]+)\)/g)) {
      expect(presentations).toContain(id);
    }
  });

  it('refuses a template whose tags do not nest (the parser can fail)', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow('</a> closes <b>');
  });
});
