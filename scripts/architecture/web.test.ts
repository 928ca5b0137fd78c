import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, describe, expect, it } from 'vitest';

// DESIGN.md "Enforced": features import only components/, api/, lib/ and domain/, never app/ and
// never each other; the building blocks below them import no feature and no app code; web/src has
// no import cycle; and nothing climbs three folders where an alias (@domain/, @server/, @web/) reads
// better and survives a move.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const webRules: IForbiddenRuleType[] = [
  {
    name: 'feature-imports-app',
    comment: 'app/ is the router, layout and providers above the features; what features share is in lib/',
    severity: 'error',
    from: { path: '^web/src/features/' },
    to: { path: '^web/src/app/' },
  },
  {
    name: 'feature-imports-feature',
    comment: 'a feature is one area of docs/product.md#screens; what two need goes to components/ or lib/',
    severity: 'error',
    from: { path: '^web/src/features/([^/]+)/' },
    to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
  },
  {
    name: 'base-imports-upper',
    comment: 'components/, api/ and lib/ are below the features and the app',
    severity: 'error',
    from: { path: '^web/src/(components|api|lib)/' },
    to: { path: '^web/src/(features|app)/' },
  },
  {
    name: 'import-cycle',
    severity: 'error',
    from: { path: '^web/src/' },
    to: { circular: true },
  },
];

type Cruised = { violations: string[]; unresolved: string[]; modules: number };

/** Cruises `web/src` under baseDir against the rules above, type-only imports included. */
async function cruiseWeb(baseDir: string, tsConfigFile?: string): Promise<Cruised> {
  const options: ICruiseOptions = {
    baseDir,
    validate: true,
    ruleSet: { forbidden: webRules },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    ...(tsConfigFile ? { tsConfig: { fileName: tsConfigFile } } : {}),
  };
  const transpile = tsConfigFile ? { tsConfig: extractTSConfig(tsConfigFile) } : {};
  const { output } = await cruise(['web/src'], options, {}, transpile);
  if (typeof output === 'string') throw new Error(`dependency-cruiser answered text: ${output}`);
  const unresolved = output.modules.flatMap((m) =>
    m.dependencies
      .filter((d) => d.couldNotResolve && /^(\.|@web\/|@domain\/|@server\/)/.test(d.module))
      .map((d) => `${m.source} -> ${d.module}`),
  );
  return {
    violations: output.summary.violations.map(describeViolation),
    unresolved,
    modules: output.modules.length,
  };
}

function describeViolation(v: IViolation): string {
  const via = v.cycle?.length ? ` (cycle: ${[v.from, ...v.cycle.map((c) => c.name)].join(' -> ')})` : '';
  return `${v.rule.name}: ${v.from} -> ${v.to}${via}`;
}

const importSpecifier =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(['"])([^'"]*)\1/g;

/** Import specifiers in `source` that climb three or more folders ('../' three times or more). */
function climbingImports(source: string): string[] {
  return [...source.matchAll(importSpecifier)].map((m) => m[2] ?? '').filter((s) => /^(\.\.\/){3,}/.test(s));
}

function sourceFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('web/src boundaries', () => {
  it('has no feature importing app/ or another feature, no upward import and no cycle', async () => {
    const result = await cruiseWeb(root, path.join(root, 'tsconfig.json'));
    // Unresolved aliases would make every rule pass silently.
    expect(result.unresolved).toEqual([]);
    expect(result.modules).toBeGreaterThan(300);
    expect(result.violations).toEqual([]);
  }, 120_000);

  describe('the rules catch what they forbid', () => {
    const fixture = fs.mkdtempSync(path.join(os.tmpdir(), 'web-boundaries-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
      fs.writeFileSync(path.join(fixture, file), text);
    };
    afterAll(() => fs.rmSync(fixture, { recursive: true, force: true }));

    it('reports each kind of bad edge and leaves the allowed ones alone', async () => {
      write('web/src/app/App.ts', "import { a } from '../features/a/A';\nexport const App = a;\n");
      write(
        'web/src/features/a/A.ts',
        "import type { B } from '../b/B';\nimport { App } from '../../app/App';\nimport { lib } from '../../lib/lib';\nimport { a2 } from './A2';\nexport const a: B = lib + a2 + (App ? 0 : 0);\n",
      );
      write('web/src/features/a/A2.ts', 'export const a2 = 2;\n');
      write('web/src/features/b/B.ts', 'export type B = number;\n');
      write('web/src/components/C.ts', "import { a } from '../features/a/A';\nexport const c = a;\n");
      write(
        'web/src/lib/lib.ts',
        "import { loop } from './loop';\nexport const lib = 1;\nexport const again = loop;\n",
      );
      write('web/src/lib/loop.ts', "import { lib } from './lib';\nexport const loop = lib;\n");

      const { violations } = await cruiseWeb(fixture);
      const edges = violations.map((v) => v.replace(/ \(cycle:.*$/, ''));
      expect(edges).toEqual(
        expect.arrayContaining([
          'feature-imports-app: web/src/features/a/A.ts -> web/src/app/App.ts',
          'feature-imports-feature: web/src/features/a/A.ts -> web/src/features/b/B.ts',
          'base-imports-upper: web/src/components/C.ts -> web/src/features/a/A.ts',
          'import-cycle: web/src/lib/lib.ts -> web/src/lib/loop.ts',
          // app/ -> feature -> app/ is also a cycle.
          'import-cycle: web/src/app/App.ts -> web/src/features/a/A.ts',
        ]),
      );
      // Inside one feature, and down from a feature to lib/, is how the layers are meant to be used.
      expect(edges.filter((e) => e.includes('A.ts -> web/src/features/a/A2.ts'))).toEqual([]);
      expect(edges.filter((e) => e.includes('A.ts -> web/src/lib/lib.ts'))).toEqual([]);
    }, 60_000);
  });
});

describe('relative imports', () => {
  it('climb at most two folders in domain, server, web/src, e2e, scripts and bench', () => {
    const offenders = ['domain', 'server', 'web/src', 'e2e', 'scripts', 'bench']
      .flatMap((folder) => sourceFiles(path.join(root, folder)))
      .flatMap((file) =>
        climbingImports(fs.readFileSync(file, 'utf8')).map((s) => `${path.relative(root, file)}: '${s}'`),
      );
    expect(offenders).toEqual([]);
  });

  it('the scan sees every way of importing, and lets two folders pass', () => {
    const up3 = '../'.repeat(3);
    const sample = [
      `import { a } from '${up3}domain/a.js';`,
      `import type { B } from "${up3}domain/b";`,
      `export * from '${up3}c';`,
      `import '${up3}d.css';`,
      `const e = await import('${up3}e');`,
      `vi.mock('${up3}f', () => ({}));`,
      `const g = require('${'../'.repeat(4)}g');`,
      "import { ok } from '../../two';",
      `const notAnImport = '${up3}h';`,
    ].join('\n');
    expect(climbingImports(sample)).toEqual([
      `${up3}domain/a.js`,
      `${up3}domain/b`,
      `${up3}c`,
      `${up3}d.css`,
      `${up3}e`,
      `${up3}f`,
      `${'../'.repeat(4)}g`,
    ]);
  });
});
