import { cruise, type ICruiseResult } from 'dependency-cruiser';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer order of server/ (docs/decisions.md#architecture-server-layers), highest first. A module imports modules of lower ranks and
// of its own folder only; folders of one rank are siblings and do not import each other, so
// presenters and reports (which shape rows) never reach for a repository, and repositories never for
// a presenter. domain/ is below everything and imports no server, no web and no I/O.
//
//   entry        main.ts, app.ts: wire everything together
//   routes       one file per area: schema, access, a repository read or a command, a presenter
//   commands     writes in one transaction, account operations; seed fills a new database
//   access       which rows a caller may open (user reach, result access)
//   auth         the guard, session tokens, password hashing, throttles and rate limits
//   http         envelope, errors, hooks, limits, metrics, idempotency, readiness
//   mail         transports, templates, the sender loop
//   rows         presenters, reports (shape rows) | repositories, stores (the only SQL)
//   db           connection, schema, rows, clock, dialect, migrations
//   base         config.ts, html/
const ranks: { name: string; folders: RegExp }[][] = [
  [{ name: 'entry', folders: /^server\/(main|app)\.ts$/ }],
  [{ name: 'routes', folders: /^server\/routes\// }],
  [
    { name: 'commands', folders: /^server\/commands\// },
    { name: 'seed', folders: /^server\/seed\// },
  ],
  [{ name: 'access', folders: /^server\/access\// }],
  [{ name: 'auth', folders: /^server\/auth\// }],
  [{ name: 'http', folders: /^server\/http\// }],
  [{ name: 'mail', folders: /^server\/mail\// }],
  [
    { name: 'presenters', folders: /^server\/presenters\// },
    { name: 'reports', folders: /^server\/reports\// },
    { name: 'repositories', folders: /^server\/repositories\// },
    { name: 'stores', folders: /^server\/stores\// },
  ],
  [{ name: 'db', folders: /^server\/db\// }],
  [
    { name: 'config', folders: /^server\/config\.ts$/ },
    { name: 'html', folders: /^server\/html\// },
  ],
];

/** Where a server module sits: its rank and folder; undefined for tests and test helpers, which may use anything. */
function placeOf(path: string): { rank: number; name: string } | undefined {
  if (/\.test\.tsx?$/.test(path) || path.startsWith('server/test/')) return undefined;
  for (const [rank, folders] of ranks.entries())
    for (const folder of folders) if (folder.folders.test(path)) return { rank, name: folder.name };
  return undefined;
}

/** The packages domain/ may import: pure libraries, no I/O (tests may add their tools). */
const domainPackages = /^(zod)$/;
const domainTestPackages = /^(vitest|fast-check)$/;

type Edge = { from: string; to: string; external: boolean; core: boolean };

let edges: Edge[];
let cycles: string[][];

beforeAll(async () => {
  const tsConfig = ts.readConfigFile('tsconfig.json', ts.sys.readFile).config;
  const result = await cruise(
    ['server', 'domain'],
    {
      tsConfig: { fileName: 'tsconfig.json' },
      tsPreCompilationDeps: true, // type-only imports count: a layer leans on the types it names
      doNotFollow: { path: 'node_modules' },
      validate: true,
      ruleSet: {
        forbidden: [
          {
            name: 'no-cycle',
            severity: 'error',
            from: { path: '^(server|domain)/' },
            to: { circular: true },
          },
        ],
      },
    },
    {},
    { tsConfig },
  );
  const output = result.output as ICruiseResult;
  edges = output.modules.flatMap((module) =>
    module.dependencies.map((d) => ({
      from: module.source,
      to: d.resolved,
      external: d.dependencyTypes.some((t) => t.startsWith('npm')) || d.resolved.includes('node_modules'),
      core: d.coreModule,
    })),
  );
  cycles = output.summary.violations
    .filter((v) => v.rule.name === 'no-cycle')
    .map((v) => (v.cycle ?? []).map((step) => step.name));
}, 60_000);

/** The package an external import names: '@scope/name' or 'name'. */
const packageOf = (resolved: string) => {
  const path = resolved.replace(/^.*node_modules\//, '');
  const parts = path.split('/');
  return path.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
};

describe('the layers of the server', () => {
  it('import downwards only, never a sibling folder of the same rank', () => {
    const offending = edges.flatMap((edge) => {
      if (edge.external || edge.core) return [];
      const from = placeOf(edge.from);
      if (!from) return [];
      if (edge.to.startsWith('domain/')) return [];
      if (edge.to.startsWith('web/')) return [`${edge.from} -> ${edge.to} (the server imports no web code)`];
      const to = placeOf(edge.to);
      if (!to) return [`${edge.from} -> ${edge.to} (not in any layer)`];
      if (from.name === to.name || to.rank > from.rank) return [];
      const why = to.rank === from.rank ? 'a sibling' : 'upwards';
      return [`${edge.from} -> ${edge.to} (${from.name} -> ${to.name}: ${why})`];
    });
    expect(offending, `imports against the layer order:\n${offending.join('\n')}`).toEqual([]);
  });

  it('holds every server module in a layer', () => {
    const modules = new Set(edges.flatMap((e) => [e.from, e.to]).filter((p) => p.startsWith('server/')));
    const outside = [...modules].filter(
      (p) => !placeOf(p) && !/\.test\.tsx?$/.test(p) && !p.startsWith('server/test/'),
    );
    expect(outside, `server modules in no layer:\n${outside.join('\n')}`).toEqual([]);
  });
});

describe('domain/', () => {
  it('imports no server, no web and no I/O', () => {
    const offending = edges
      .filter((edge) => edge.from.startsWith('domain/'))
      .filter((edge) => {
        const test = /\.test\.tsx?$/.test(edge.from);
        if (edge.core) return true; // node:fs, node:module ...: I/O has no place in pure rules
        if (edge.external) {
          const name = packageOf(edge.to);
          return !(domainPackages.test(name) || (test && domainTestPackages.test(name)));
        }
        return !edge.to.startsWith('domain/');
      })
      .map((edge) => `${edge.from} -> ${edge.to}`);
    expect(offending, `domain/ imports outside itself:\n${offending.join('\n')}`).toEqual([]);
  });
});

describe('server/ and domain/', () => {
  it('have no import cycles, type-only ones included', () => {
    const shown = cycles.map((cycle) => cycle.join(' -> '));
    expect(shown, `import cycles:\n${shown.join('\n')}`).toEqual([]);
  });
});
