// Which story files a change reaches, from the Storybook build's module graph
// (`storybook build --stats-json`: each module with the modules that import it). Barrels are
// followed by name: a change to Modal reaches the files that import Modal through
// `@coach/ui`, not every file that imports anything from `@coach/ui`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';

/** The build's graph: each module id (`./path`) and the ids of the modules that import it. */
export type ModuleGraph = Map<string, string[]>;

/** What the walk needs of the files: their text, and where a package's entry points are. */
export type SourceTree = {
  /** The source of a module (`./path`), or null when it is not a readable text file. */
  read(id: string): string | null;
  /** The module a bare specifier names (`@coach/ui` -> `./packages/ui/src/index.ts`), or null. */
  resolvePackage(specifier: string): string | null;
  /** Whether a module id names a file. */
  exists(id: string): boolean;
};

/** Every story file the change of `changed` (module ids) reaches, and whether all of them are. */
export type ReachedStories = { all: boolean; files: string[] };

type Statement =
  | { kind: 'import'; names: string[] | 'all'; from: string }
  | { kind: 'reexport'; names: Map<string, string> | 'all'; from: string };

const storyFile = /\.stories\.(tsx|ts|jsx|js|mdx)$|\.mdx$/;

/** The graph of a `preview-stats.json` (Storybook's Vite builder). */
export function graphOfStats(stats: {
  modules: { id: string; reasons?: { moduleName: string }[] }[];
}): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const module of stats.modules) {
    graph.set(
      module.id,
      (module.reasons ?? []).map((reason) => reason.moduleName),
    );
  }
  return graph;
}

function parseNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean);
}

/** The import and re-export statements of a module, with their specifiers unresolved. */
function statementsOf(source: string): Statement[] {
  const statements: Statement[] = [];
  const importPattern =
    /import\s+(type\s+)?([\w$]+\s*,?\s*)?(\*\s+as\s+[\w$]+|\{[^}]*\})?\s*from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(importPattern)) {
    if (match[1]) continue; // type-only: erased at build
    if (match[5]) {
      statements.push({ kind: 'import', names: 'all', from: match[5] });
      continue;
    }
    const [, , defaultName, bindings = '', from = ''] = match;
    if (bindings.startsWith('*') || defaultName?.trim()) {
      statements.push({ kind: 'import', names: 'all', from });
      continue;
    }
    const names = parseNames(bindings.slice(1, -1)).map((name) => name.split(/\s+as\s+/)[0] ?? '');
    statements.push({ kind: 'import', names, from });
  }
  const exportPattern =
    /export\s+(type\s+)?(\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(exportPattern)) {
    if (match[1]) continue;
    const [, , bindings = '', from = ''] = match;
    if (bindings.startsWith('*')) {
      statements.push({ kind: 'reexport', names: 'all', from });
      continue;
    }
    const names = new Map<string, string>();
    for (const name of parseNames(bindings.slice(1, -1))) {
      const [local = '', exported = local] = name.split(/\s+as\s+/);
      names.set(local, exported);
    }
    statements.push({ kind: 'reexport', names, from });
  }
  return statements;
}

/** The names a module exports (following its re-exports), as far as the text shows them. */
function exportedNames(id: string, tree: SourceTree, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(id)) return names;
  seen.add(id);
  const source = tree.read(id);
  if (source === null) return names;
  const declared =
    /export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|type|enum)\s+([\w$]+)/g;
  for (const match of source.matchAll(declared)) names.add(match[1] ?? '');
  if (/export\s+default\b/.test(source)) names.add('default');
  for (const match of source.matchAll(/export\s+\{([^}]*)\}(?!\s*from)/g)) {
    for (const name of parseNames(match[1] ?? '')) names.add(name.split(/\s+as\s+/).pop() ?? '');
  }
  for (const statement of statementsOf(source)) {
    if (statement.kind !== 'reexport') continue;
    if (statement.names === 'all') {
      const target = resolveSpecifier(id, statement.from, tree);
      if (target) for (const name of exportedNames(target, tree, seen)) names.add(name);
    } else {
      for (const exported of statement.names.values()) names.add(exported);
    }
  }
  return names;
}

/** The module id a specifier in `from` names, or null (a package outside the workspace). */
export function resolveSpecifier(from: string, specifier: string, tree: SourceTree): string | null {
  if (!specifier.startsWith('.')) return tree.resolvePackage(specifier);
  const base = `./${normalize(join(dirname(from), specifier))}`;
  const candidates = [
    base,
    ...['.ts', '.tsx', '.js', '.mjs', '.jsx'].map((extension) => `${base}${extension}`),
    ...['/index.ts', '/index.tsx', '/index.js'].map((index) => `${base}${index}`),
  ];
  return candidates.find((candidate) => tree.exists(candidate)) ?? null;
}

/**
 * The story files that `changed` reaches through the graph. A module reached through what it
 * imports is changed as a whole (all it exports); one that only re-exports (a barrel) passes on
 * only the names it re-exports of the changed module. The preview's own modules reach every story.
 */
export function reachedStories(
  graph: ModuleGraph,
  changed: readonly string[],
  tree: SourceTree,
): ReachedStories {
  const stories = new Set<string>();
  const reached = new Map<string, Set<string> | 'all'>();
  const queue: { id: string; names: Set<string> | 'all' }[] = changed.map((id) => ({
    id,
    names: 'all',
  }));
  const isPreview = (id: string) => id.startsWith('./.storybook/');
  while (queue.length > 0) {
    const { id, names } = queue.shift() as { id: string; names: Set<string> | 'all' };
    if (isPreview(id)) return { all: true, files: [] };
    if (storyFile.test(id)) stories.add(id);
    const known = reached.get(id);
    if (known === 'all') continue;
    const added = names === 'all' ? 'all' : new Set([...names].filter((name) => !known?.has(name)));
    if (added !== 'all' && added.size === 0) continue;
    reached.set(id, added === 'all' ? 'all' : new Set([...(known ?? []), ...added]));
    // What the importers may take from it; any name when its text is not readable.
    const offered: Set<string> | 'any' =
      added !== 'all' ? added : tree.read(id) === null ? 'any' : exportedNames(id, tree);
    const isOffered = (name: string) => offered === 'any' || offered.has(name);
    for (const importer of graph.get(id) ?? []) {
      if (!importer.startsWith('./')) continue; // the builder's virtual modules
      const source = tree.read(importer);
      const statements = (source === null ? [] : statementsOf(source)).filter(
        (statement) => resolveSpecifier(importer, statement.from, tree) === id,
      );
      // Not seen in the text (a dynamic import, a style sheet): the importer changes whole.
      if (statements.length === 0) {
        queue.push({ id: importer, names: 'all' });
        continue;
      }
      const passedOn = new Set<string>();
      let usesIt = false;
      for (const statement of statements) {
        if (statement.kind === 'import') {
          usesIt ||= statement.names === 'all' || statement.names.some(isOffered);
        } else if (statement.names === 'all') {
          if (offered === 'any') usesIt = true;
          else for (const name of offered) passedOn.add(name);
        } else {
          for (const [local, exported] of statement.names) {
            if (isOffered(local)) passedOn.add(exported);
          }
        }
      }
      if (usesIt) queue.push({ id: importer, names: 'all' });
      else if (passedOn.size > 0) queue.push({ id: importer, names: passedOn });
    }
  }
  return { all: false, files: [...stories].sort() };
}

/** A {@link SourceTree} over the files below `root`, with the workspace packages' entries. */
export function sourceTreeAt(
  root: string,
  readText: (path: string) => string | null,
  packages: Record<string, string>,
): SourceTree {
  return {
    read: (id) => (/\.(tsx?|jsx?|mjs)$/.test(id) ? readText(join(root, id)) : null),
    exists: (id) => statSync(join(root, id), { throwIfNoEntry: false })?.isFile() === true,
    resolvePackage: (specifier) => packages[specifier] ?? null,
  };
}

/** A path below `root` as a module id of the graph (`./path`). */
export function moduleIdOf(root: string, path: string): string {
  return `./${relative(root, join(root, path))}`;
}

/** What an entry of `exports` may resolve to: a module the walk follows. */
const moduleExtensions = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];
/** Entries that are no module of the walk, skipped on purpose: style sheets, the manifest. */
const assetExtensions = ['.css', '.json'];

/**
 * The file an export's target names for the sources: the string; of a condition object its
 * `coach-source` (else `import`, else `default`) condition, followed into nested conditions
 * (`./global.css` has types and a default under `coach-source`); of an array (Node's fallbacks)
 * the first that names one. Undefined when none does.
 */
function sourceFileOf(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) {
    for (const fallback of target) {
      const file = sourceFileOf(fallback);
      if (file !== undefined) return file;
    }
    return undefined;
  }
  if (typeof target !== 'object' || target === null) return undefined;
  const conditions = target as Record<string, unknown>;
  return sourceFileOf(conditions['coach-source'] ?? conditions.import ?? conditions.default);
}

/**
 * A package's entry points as the stories import them, from its `exports` (`@coach/ui/static-css`
 * -> `./packages/ui/src/theme/staticCssOf.ts`), `dir` being the package's folder below the root.
 * Entries that resolve to a style sheet or a JSON file are left out on purpose, and a `null`
 * target (a subpath Node refuses) names nothing. Any other entry the walk could not follow throws
 * with its reason: a target with no source file, one that names a declaration file, a file of
 * another kind or one that `exists` does not find, a subpath pattern, an `exports` of a shape Node
 * does not take. A map missing an entry would read as 'no story reached'.
 */
export function packageEntries(
  name: string,
  dir: string,
  exports: unknown,
  exists: (id: string) => boolean,
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(subpathsOf(name, exports))) {
    const entry = `${name}${subpath.slice(1)}`;
    try {
      const id = entryModuleOf(subpath, target, dir, exists);
      if (id !== null) entries[entry] = id;
    } catch (error) {
      throw new Error(
        `${entry} (exports of ${join(dir, 'package.json')}): ${(error as Error).message}`,
      );
    }
  }
  return entries;
}

/** The module one subpath's target names (`./packages/...`), null when skipped on purpose. */
function entryModuleOf(
  subpath: string,
  target: unknown,
  dir: string,
  exists: (id: string) => boolean,
): string | null {
  if (subpath.includes('*'))
    throw new Error('a subpath pattern, which the story graph does not follow');
  if (target === null) return null;
  const file = sourceFileOf(target);
  if (file === undefined) {
    throw new Error(
      `its target names no file (${JSON.stringify(target)}): no string under coach-source, import or default`,
    );
  }
  if (/\.d\.[mc]?ts$/.test(file)) throw new Error(`${file} is a declaration file, not the source`);
  const extension = extname(file);
  if (assetExtensions.includes(extension)) return null;
  if (!moduleExtensions.includes(extension)) {
    throw new Error(
      `${file} is neither a module (${moduleExtensions.join(' ')}) nor an asset (${assetExtensions.join(' ')})`,
    );
  }
  const id = `./${join(dir, file)}`;
  if (!exists(id)) throw new Error(`${file} does not exist`);
  return id;
}

/** `exports` as subpaths and their targets, in every shape Node takes. */
function subpathsOf(name: string, exports: unknown): Record<string, unknown> {
  if (exports === undefined) return {};
  if (typeof exports === 'string' || Array.isArray(exports)) return { '.': exports };
  if (typeof exports !== 'object' || exports === null) {
    throw new Error(`${name}: exports is ${JSON.stringify(exports)}, not a path, array or object`);
  }
  const keys = Object.keys(exports);
  const subpaths = keys.filter((key) => key.startsWith('.'));
  if (subpaths.length === 0) return { '.': exports };
  if (subpaths.length < keys.length) {
    throw new Error(`${name}: exports mixes subpaths and conditions (${keys.join(', ')})`);
  }
  return exports as Record<string, unknown>;
}

/**
 * The entry points of every workspace package (each `packages/<name>/package.json`), by the
 * packages' own names. A manifest that cannot be read or has no name throws with its reason.
 */
export function workspaceEntries(root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  const exists = (id: string) =>
    statSync(join(root, id), { throwIfNoEntry: false })?.isFile() === true;
  for (const folder of readdirSync(join(root, 'packages'), { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const dir = join('packages', folder.name);
    const path = join(root, dir, 'package.json');
    let manifest: { name?: unknown; exports?: unknown };
    try {
      manifest = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`cannot read the manifest ${path}: ${(error as Error).message}`);
    }
    if (typeof manifest.name !== 'string') throw new Error(`${path} has no name`);
    Object.assign(entries, packageEntries(manifest.name, dir, manifest.exports, exists));
  }
  return entries;
}
