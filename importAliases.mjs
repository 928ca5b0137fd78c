// The import aliases of the repository, in one place: tsconfig.json's "paths" says the same for the
// type checker, tsx and esbuild; Vite and Vitest read this map. Code imports '@domain/rules/x.js'
// instead of climbing '../../../../domain/rules/x.js'.
import { fileURLToPath } from 'node:url';

const at = (folder) => fileURLToPath(new URL(folder, import.meta.url));

export const importAliases = {
  '@domain': at('./domain'),
  '@server': at('./server'),
  '@web': at('./web/src'),
};
