import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const AUDIT_HELPER = 'server/commands/audited.ts';

/** What a route may not do itself (DESIGN.md 'Enforced'): build SQL or open a transaction. */
const routeRules: { what: string; pattern: RegExp }[] = [
  { what: 'selectFrom', pattern: /\bselectFrom\s*\(/ },
  { what: 'insertInto', pattern: /\binsertInto\s*\(/ },
  { what: 'updateTable', pattern: /\bupdateTable\s*\(/ },
  { what: 'deleteFrom', pattern: /\bdeleteFrom\s*\(/ },
  { what: 'transaction()', pattern: /\btransaction\s*\(/ },
  { what: 'sql`', pattern: /\bsql\s*`/ },
  { what: "kysely's sql", pattern: /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*['"]kysely['"]/ },
];
/** Commands own transactions but compose repository calls: no SQL of their own. */
const commandRules = routeRules.filter((rule) => rule.what !== 'transaction()');
const auditRule = {
  what: 'auditRepository.record outside the audited-write helper',
  pattern: /\bauditRepository\s*\.\s*record\b/,
};

/** The offences of one file, as 'file:line what'. */
function writePathViolations(file: string, text: string): string[] {
  const found: string[] = [];
  const layer = /^server\/(routes|commands)\/[^/]+\.ts$/.exec(file)?.[1];
  const held = file.endsWith('.test.ts')
    ? []
    : layer === 'routes'
      ? routeRules
      : layer === 'commands'
        ? commandRules
        : [];
  const rules = [...held, ...(file === AUDIT_HELPER ? [] : [auditRule])];
  for (const rule of rules) {
    // Multi-line imports count too: match on the whole text, then name the line.
    for (const match of text.matchAll(new RegExp(rule.pattern.source, 'g'))) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line} ${rule.what}`);
    }
  }
  return found;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(relative));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(relative);
  }
  return files;
}

describe('the write path: routes -> commands -> repositories', () => {
  it('routes build no SQL and open no transaction, commands build no SQL, only the helper records audit', () => {
    const violations = ['server', 'bench'].flatMap((folder) =>
      sourceFiles(folder).flatMap((file) =>
        writePathViolations(file, fs.readFileSync(path.join(root, file), 'utf8')),
      ),
    );
    expect(violations).toEqual([]);
  });

  it('catches a route that builds SQL and a command that records audit itself', () => {
    const route = [
      "import { sql } from 'kysely';",
      'await db.selectFrom("users").selectAll().execute();',
      'await db.transaction().execute(async (trx) => trx.updateTable("users").set({}).execute());',
      'await db.insertInto("x").values({}).execute(); await db.deleteFrom("x").execute();',
      'const n = sql`select 1`;',
    ].join('\n');
    expect(writePathViolations('server/routes/sample.ts', route)).toEqual([
      'server/routes/sample.ts:2 selectFrom',
      'server/routes/sample.ts:4 insertInto',
      'server/routes/sample.ts:3 updateTable',
      'server/routes/sample.ts:4 deleteFrom',
      'server/routes/sample.ts:3 transaction()',
      'server/routes/sample.ts:5 sql`',
      "server/routes/sample.ts:1 kysely's sql",
    ]);
    // Tests and repositories may build SQL; a command may open a transaction but build no SQL.
    expect(writePathViolations('server/routes/sample.test.ts', route)).toEqual([]);
    expect(writePathViolations('server/repositories/sample.ts', route)).toEqual([]);
    expect(writePathViolations('server/commands/sample.ts', route)).not.toContain(
      'server/commands/sample.ts:3 transaction()',
    );
    expect(writePathViolations('server/commands/sample.ts', route)).toContain(
      'server/commands/sample.ts:2 selectFrom',
    );

    const command =
      'await auditRepository.record(trx, { actorId: 1, action: "x", entity: "y", entityId: 2 });';
    expect(writePathViolations('server/commands/sample.ts', command)).toEqual([
      'server/commands/sample.ts:1 auditRepository.record outside the audited-write helper',
    ]);
    expect(writePathViolations(AUDIT_HELPER, command)).toEqual([]);
  });
});
