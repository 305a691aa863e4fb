import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoot, repoRoot } from './paths.ts';

/**
 * README.md's Configuration table is the operator's list of environment variables: it must name every variable
 * config.ts reads (the one place that reads the environment), and nothing config.ts no longer reads.
 */

/** The variables config.ts reads: the keys of its env schema, and any read straight from the environment. */
function variablesRead(source: string): Set<string> {
  const names = new Set<string>();
  const start = source.search(/const envSchema = z\.object\(\{/);
  if (start < 0) throw new Error('config.ts: no `const envSchema = z.object({` found');
  const body = source.slice(start, source.indexOf('\n});', start));
  for (const [, name] of body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)) names.add(name as string);
  for (const [, name] of source.matchAll(/\b(?:source|process\.env|env)\.([A-Z][A-Z0-9_]*)\b/g)) {
    names.add(name as string);
  }
  for (const [, name] of source.matchAll(/\b(?:source|process\.env|env)\[['"]([A-Z][A-Z0-9_]*)['"]\]/g)) {
    names.add(name as string);
  }
  return names;
}

/** The variables named (in backticks) in the first column of README.md's Configuration table, in order. */
function variablesListed(readme: string): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^#{1,3} /m)[0];
  if (!section) throw new Error('README.md: no "## Configuration" section');
  const names: string[] = [];
  for (const line of section.split('\n')) {
    if (!line.startsWith('|') || /^\|\s*-/.test(line)) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const [, name] of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(name as string);
  }
  return names;
}

/** Build-time variables of the web app: documented in the table, read by Vite from `import.meta.env`. */
function readByTheWebBuild(name: string): boolean {
  if (!name.startsWith('VITE_')) return false;
  const apiClient = readFileSync(path.join(repoRoot, 'apps/web/src/lib/api-client.ts'), 'utf8');
  return apiClient.includes(`import.meta.env.${name}`);
}

describe("README.md's configuration table", () => {
  const read = variablesRead(readFileSync(path.join(apiRoot, 'src/config.ts'), 'utf8'));
  const listed = variablesListed(readFileSync(path.join(repoRoot, 'README.md'), 'utf8'));
  const documented = new Set(listed);

  it('finds the variables on both sides', () => {
    expect(read.size).toBeGreaterThan(20);
    expect(read).toContain('DATABASE_URL');
    expect(documented).toContain('DATABASE_URL');
  });

  it('lists every environment variable config.ts reads', () => {
    const missing = [...read].filter((name) => !documented.has(name));
    expect(missing, `missing from README.md's Configuration table: ${missing.join(', ')}`).toEqual([]);
  });

  it('lists each variable once', () => {
    const twice = listed.filter((name, i) => listed.indexOf(name) !== i);
    expect(twice, `listed more than once in README.md's Configuration table: ${twice.join(', ')}`).toEqual([]);
  });

  it('lists no variable that nothing reads', () => {
    const unread = [...documented].filter((name) => !read.has(name) && !readByTheWebBuild(name));
    expect(unread, `in README.md's Configuration table but not read by config.ts: ${unread.join(', ')}`).toEqual([]);
  });
});

describe('the extraction', () => {
  it("takes the schema's top-level keys and direct reads, not comments or nested keys", () => {
    const source = [
      'const envSchema = z.object({',
      '  PORT: z.coerce.number().default(3000),',
      '  /** a comment: NOT_A_KEY: here */',
      '  NESTED: z.object({ INNER: z.string() }),',
      '});',
      'const cwd = source.INIT_CWD ?? process.cwd();',
      "const x = process.env['OTHER'];",
    ].join('\n');
    expect([...variablesRead(source)].sort()).toEqual(['INIT_CWD', 'NESTED', 'OTHER', 'PORT']);
  });

  it('reads the first column of the Configuration table only', () => {
    const readme = [
      '## Configuration',
      '',
      '| variable | default | meaning |',
      '|---|---|---|',
      '| `PORT`, `HOST` | `3000` | where `NOT_THIS` listens |',
      '',
      '### Running against PostgreSQL',
      '| `LATER` | | |',
    ].join('\n');
    expect(variablesListed(readme)).toEqual(['PORT', 'HOST']);
  });
});
