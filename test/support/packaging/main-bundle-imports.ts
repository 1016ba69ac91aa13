import { resolveConfig } from 'electron-vite';
import { build, parseAst } from 'vite';

/*
 * What the packaged main process loads at run time from outside its own bundle. Main is built
 * here in memory with electron-vite's resolved config (the same plugins and externals as
 * `electron-vite build`, nothing written to out/), then every module specifier in the output
 * is read from its syntax tree: static and dynamic imports, re-exports, and the `require` /
 * `__require` calls a bundled CommonJS package makes. Comments (undici's JSDoc holds many
 * `import('net')` types) are not code and are not counted.
 */

type Node = Record<string, unknown> & { type: string };

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

function literal(node: unknown): string {
  return isNode(node) && node.type === 'Literal' && typeof node['value'] === 'string'
    ? node['value']
    : '<computed>';
}

/** The specifier a node loads, if it is an import, re-export or require call. */
function specifierOf(node: Node): string | undefined {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
      return node['source'] == null ? undefined : literal(node['source']);
    case 'ImportExpression':
      return literal(node['source']);
    case 'CallExpression': {
      const callee = node['callee'];
      const isRequire =
        isNode(callee) &&
        callee.type === 'Identifier' &&
        /^_*require$/.test(String(callee['name']));
      return isRequire ? literal((node['arguments'] as unknown[])[0]) : undefined;
    }
    default:
      return undefined;
  }
}

/** Every module specifier the code loads (a computed one is reported as `<computed>`). */
export function loadedSpecifiers(code: string): Set<string> {
  const found = new Set<string>();
  const stack: unknown[] = [parseAst(code)];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (Array.isArray(item)) {
      stack.push(...(item as unknown[]));
      continue;
    }
    if (!isNode(item)) continue;
    const specifier = specifierOf(item);
    if (specifier !== undefined) found.add(specifier);
    for (const [key, value] of Object.entries(item)) {
      if (key !== 'type' && typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return found;
}

/** The code of every chunk of the main bundle, built in memory as electron-vite builds it. */
export async function buildMainInMemory(): Promise<string[]> {
  const nodeEnv = process.env['NODE_ENV'];
  try {
    const resolved = await resolveConfig({ logLevel: 'silent' }, 'build', 'production');
    const main = resolved.config?.main;
    if (main === undefined) throw new Error('electron.vite.config.ts has no main config');
    const output = await build({
      ...main,
      logLevel: 'silent',
      build: { ...main.build, write: false, watch: null },
    });
    const outputs = Array.isArray(output) ? output : [output];
    return outputs.flatMap((result) =>
      'output' in result
        ? result.output.flatMap((item) => (item.type === 'chunk' ? [item.code] : []))
        : [],
    );
  } finally {
    // electron-vite sets NODE_ENV for the build; the rest of this test process keeps its own.
    if (nodeEnv === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = nodeEnv;
  }
}
