// Message catalogues compiled at build time (docs/decisions/030): `import('virtual:catalog/hi')` gives
// src/lib/i18n/catalogs/hi.json with each ICU message already parsed into Lingui's compiled form, so the
// browser never ships a message parser. English is the catalogue's source (its ids are the English texts):
// only its plurals need a compiled form; a plain one is its own id, which the runtime shows as is, and one with
// only `{name}` placeholders is its id filled in by `t()` (src/lib/i18n/i18n.ts), so English pages carry no
// second copy of their texts (docs/decisions/037).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:catalog/';
const SOURCE_LANGUAGE = 'en';

/** A compiled token that formats its value (a plural, a select, a number): more than a plain `{name}`. */
const isFormatted = (token: unknown) => Array.isArray(token) && token.length > 1;

export function compiledCatalogs(dir: string): Plugin {
  return {
    name: 'compiled-catalogs',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const language = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No catalogue for "${language}"`);
      const file = path.join(dir, `${language}.json`);
      this.addWatchFile(file);
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [messageId, message] of Object.entries(source)) {
        const form = compileMessage(message);
        if (language !== SOURCE_LANGUAGE || form.some(isFormatted)) compiled[messageId] = form;
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
