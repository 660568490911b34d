// The TypeScript half of the pack smoke test, run under `node --test` inside the fresh project
// that installed the @coach/ui tarball (COACH_ROOT names the repository): it writes
// packages/ui/README.md's `tsx` examples (one module each, so the README is their only source), a
// module importing every name the library's source exports (values as values, types as types) and
// a tsconfig as a consuming Vite app has it, then type-checks them with the repository's
// TypeScript against the packed .d.ts files, those included (errors in other packages' own
// declarations are left aside). It fails when the tarball's types lack an export, or an example no
// longer fits them. It also holds the README's peer dependencies to the packed package.json.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const root = process.env.COACH_ROOT;
if (!root) throw new Error('COACH_ROOT must name the repository');
const consumer = process.cwd();

const readme = readFileSync(join(root, 'packages/ui/README.md'), 'utf8');
const examples = [...readme.matchAll(/^```tsx\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
if (examples.length === 0) throw new Error('packages/ui/README.md has no tsx example');

/**
 * The names the library exports, from its barrels (`src/index.ts` re-exports each component's
 * `index.ts`, whose `export { ... } from` lists name them). `type` marks a type-only name.
 */
function exportedNames() {
  const source = join(root, 'packages/ui/src');
  // A folder without a barrel (scheduling/) holds internal helpers only.
  const barrels = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(source, entry.name, 'index.ts')))
    .map((entry) => readFileSync(join(source, entry.name, 'index.ts'), 'utf8'));
  const names = barrels.flatMap((barrel) =>
    [...barrel.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)].flatMap(([, typeOnly, list]) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
        .map((name) => (typeOnly && !name.startsWith('type ') ? `type ${name}` : name)),
    ),
  );
  return [...new Set(names)].sort();
}

const names = exportedNames();
const values = names.filter((name) => !name.startsWith('type '));
const types = names.filter((name) => name.startsWith('type ')).map((name) => name.slice(5));
const exportsModule = [
  `import { ${names.join(', ')} } from '@coach/ui';`,
  '',
  `export const values = { ${values.join(', ')} };`,
  `export type { ${types.join(', ')} };`,
  '',
].join('\n');

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    // The package's own declarations are checked too: with skipLibCheck, a re-export of a missing
    // type would quietly become `any`.
    skipLibCheck: false,
    types: [],
  },
  include: ['src'],
};

mkdirSync(join(consumer, 'src'), { recursive: true });
for (const [index, example] of examples.entries()) {
  writeFileSync(join(consumer, 'src', `readmeExample${index + 1}.tsx`), example);
}
writeFileSync(join(consumer, 'src', 'exports.ts'), exportsModule);
writeFileSync(join(consumer, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);

/**
 * The errors of a `tsc` run that are the package's or the consumer's: another package's own
 * declarations (Chakra's dependencies need Node's types, say) are not what this test checks.
 */
function ownErrors(output) {
  const blocks = output
    .split(/\n(?=\S)/)
    .map((block) => block.trimEnd())
    .filter((block) => block !== '');
  const isOthers = (block) =>
    block.startsWith('node_modules/') && !block.startsWith('node_modules/@coach/ui/');
  return {
    own: blocks.filter((block) => !isOthers(block)),
    othersCount: blocks.filter(isOthers).length,
  };
}

test('type-checks the README examples and every export against the packed types', () => {
  assert.ok(values.length > 0 && types.length > 0, 'the source barrels name no exports');
  const tsc = join(root, 'node_modules/.bin/tsc');
  let output = '';
  try {
    execFileSync(tsc, ['-p', 'tsconfig.json'], { cwd: consumer, encoding: 'utf8' });
  } catch (error) {
    output = error.stdout || error.stderr ? `${error.stdout}${error.stderr}` : String(error);
  }
  const { own, othersCount } = ownErrors(output);
  assert.deepEqual(own, [], 'tsc --noEmit found errors in the packed types or the consumer');
  console.log(
    `type-checked ${examples.length} README examples, ${values.length} values and ${types.length} types` +
      (othersCount > 0
        ? ` (${othersCount} errors in other packages' declarations left aside)`
        : ''),
  );
});

test("the README names the packed package's peer dependencies at their versions", () => {
  const packed = JSON.parse(
    readFileSync(join(consumer, 'node_modules/@coach/ui/package.json'), 'utf8'),
  );
  const peers = Object.entries(packed.peerDependencies ?? {});
  assert.ok(peers.length > 0, 'the packed package.json has no peer dependencies');
  for (const [name, range] of peers) {
    assert.ok(
      readme.includes(`| \`${name}\` | \`${range}\` |`),
      `README's table lacks ${name} ${range}`,
    );
    assert.ok(readme.includes(` ${name}@${range}`), `README's install line lacks ${name}@${range}`);
  }
});
