// `npm test`'s layer check: which folder may import which (decision 013). Every static import, re-export and
// dynamic import() of the web app and the API is resolved to a file, then held against the rules below.
//   node scripts/check-layers.mjs                          exits 1 and names each import that breaks a rule
//   node scripts/check-layers.mjs --expect-violations DIR  exits 0 only if every rule refuses an import in DIR
//                                                          (scripts/fixtures/layer-violations: the check can fail)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const expectViolations = process.argv[2] === '--expect-violations';
const root = path.resolve(expectViolations ? process.argv[3] : path.join(import.meta.dirname, '..'));
const WEB = 'apps/web/src/';
const API = 'apps/api/src/';

/** Test code may reach into anything it tests. */
const isTest = (file) => /(\.test\.tsx?|test-support\.ts)$/.test(file) || /\/test\//.test(file);

/** `features/<name>/…` or `modules/<name>/…` under a base: the area's name, else null. */
function areaOf(file, base, kind) {
  const rest = file.startsWith(base) ? file.slice(base.length) : null;
  const match = rest && new RegExp(`^${kind}/([^/]+)/`).exec(rest);
  return match ? match[1] : null;
}
const isAreaIndex = (file, base, kind, area) => new RegExp(`^${base}${kind}/${area}/index\\.tsx?$`).test(file);

/** Each rule: a name, and a function answering why an import from `from` to `to` is refused (or null). */
const rules = [
  {
    name: 'apps stay apart',
    check: (from, to) =>
      (from.startsWith('apps/web/') && to.startsWith('apps/api/')) ||
      (from.startsWith('apps/api/') && to.startsWith('apps/web/'))
        ? 'the web app and the API share code only through packages/contract'
        : null,
  },
  {
    name: 'lib is the bottom layer',
    check: (from, to) =>
      from.startsWith(`${WEB}lib/`) && !to.startsWith(`${WEB}lib/`) && to.startsWith(WEB)
        ? 'lib holds logic without UI: it imports only lib'
        : null,
  },
  {
    name: 'ui sits on lib',
    check: (from, to) =>
      from.startsWith(`${WEB}components/ui/`) && !to.startsWith(`${WEB}components/ui/`) && !to.startsWith(`${WEB}lib/`)
        ? 'components/ui imports only components/ui and lib'
        : null,
  },
  {
    name: 'features sit below the app',
    check: (from, to) =>
      (from.startsWith(`${WEB}features/`) || from.startsWith(`${WEB}components/layout/`)) &&
      (to.startsWith(`${WEB}app/`) || to.startsWith(`${WEB}server/`))
        ? 'features and the layout never import app/ or server/ (pages composing features live in app/routes/)'
        : null,
  },
  {
    name: 'features meet through their index',
    check: (from, to) => {
      const target = areaOf(to, WEB, 'features');
      const source = areaOf(from, WEB, 'features') ?? (from.startsWith(`${WEB}components/`) ? 'components' : null);
      // app/ is the top: it composes features and lazy-loads their pages.
      if (!target || !source || source === target) return null;
      return isAreaIndex(to, WEB, 'features', target) ? null : `import features/${target} through its index.ts`;
    },
  },
  {
    name: 'modules meet through their index',
    check: (from, to) => {
      const target = areaOf(to, API, 'modules');
      if (!target || areaOf(from, API, 'modules') === target) return null;
      return isAreaIndex(to, API, 'modules', target) ? null : `import modules/${target} through its index.ts`;
    },
  },
  {
    name: 'lib and providers below modules',
    check: (from, to) =>
      (from.startsWith(`${API}lib/`) || from.startsWith(`${API}providers/`) || from.startsWith(`${API}db/`)) &&
      (to.startsWith(`${API}modules/`) || to.startsWith(`${API}plugins/`))
        ? 'lib, providers and db never import modules or plugins'
        : null,
  },
];

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('dist')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) yield full;
  }
}

// import … from '…', export … from '…', import '…', import('…'). Type-only imports are not checked.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function resolve(fromFile, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, WEB, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier === '@kaushal/web' || specifier.startsWith('@kaushal/web/')) return 'apps/web/';
  else if (specifier === '@kaushal/api' || specifier.startsWith('@kaushal/api/')) return 'apps/api/';
  else return null; // a package
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return path
    .relative(root, found ?? base)
    .split(path.sep)
    .join('/');
}

const problems = [];
let imports = 0;
for (const app of ['apps/web/src', 'apps/api/src', 'apps/api/test']) {
  for (const file of sourceFiles(path.join(root, app))) {
    const from = path.relative(root, file).split(path.sep).join('/');
    if (isTest(from)) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      // Type-only imports vanish from the build, so they couple no code: `import type`, `export type`.
      const statement = Math.max(text.lastIndexOf('import', match.index), text.lastIndexOf('export', match.index));
      if (/^(import|export)\s+type\s/.test(text.slice(statement))) continue;
      const to = resolve(file, match[1]);
      if (!to) continue;
      imports++;
      for (const rule of rules) {
        const why = rule.check(from, to);
        if (why) problems.push({ rule: rule.name, text: `${from}: imports ${match[1]} (${rule.name}: ${why})` });
      }
    }
  }
}

if (expectViolations) {
  const silent = rules.filter((rule) => !problems.some((problem) => problem.rule === rule.name));
  for (const problem of problems) console.log(`  refused as planted: ${problem.text}`);
  if (silent.length) {
    console.error(
      `Layer check: these rules refused nothing planted in ${root}: ${silent.map((r) => r.name).join(', ')}`,
    );
    process.exit(1);
  }
  console.log(`Layer check: each of the ${rules.length} rules refuses its planted violation.`);
  process.exit(0);
}
if (problems.length) {
  console.error(`Layer check: ${problems.length} import(s) break the layer rules (decision 013):`);
  for (const problem of problems) console.error(`  ${problem.text}`);
  process.exit(1);
}
console.log(`Layer check: ${imports} imports follow the layer rules.`);
