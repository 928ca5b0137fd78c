import { type RawBuilder, sql } from 'kysely';
import { type ResultScores, resultScores, type ScoringAnswer } from '../../domain/rules/reportFigures.js';
import type { Executor } from '../db/database.js';

// Each result's scores (overall and per section, domain/rules/reportFigures.ts resultScores), kept in
// memory so the readers of scores only (role alignment, progress, peers, the shared link's summary, the
// portfolio) read the answers of new or changed results alone, not the ~23,000 answers of a large
// manufacturer on every call. Scored against exactly the content the organization report reads
// (reportData contentOf), in the same order, so every figure equals the report's to the last bit.
//
// A kept score is used only while what it was figured from is unchanged:
// - the result's completion time: answers change only through resultsRepository.replaceAnswers, which a
//   submission runs on a result it has just inserted (stamped now) and a retake runs stamping a new
//   completion time, in the same transaction as the answers;
// - the result's highest answer id (lastAnswerId): replaceAnswers deletes the answers and inserts them
//   anew, and answer ids are never reused (AUTOINCREMENT, an identity), so this moves with every change
//   of the answers even where two retakes land in one millisecond and the completion time does not;
//   one index lookup per result;
// - the content's change count (migration 004: database triggers count every change to assessments,
//   their sections, sections, questions and choices, whichever process made it);
// - the set of assessments the results of the manufacturer and type answered, whose sections form the
//   report's content.
// So a process sharing the database with others sees their changes at its next call. Scores figured
// inside a transaction are never kept (it may yet roll back), nor is content read inside one.

/** The content a score is figured against, as reportData's contentOf reads it, plus captions and assessments. */
export type ScoringLibrary = {
  /** The content's change count (cache_versions 'content') this was read at or after. */
  version: number;
  assessments: { id: number; name: string; code: string; isActive: number; assessmentType: number }[];
  sectionsOf: Map<number, Set<number>>;
  /** Active sections by display order then id (contentOf's order). */
  sections: { id: number; code: string; caption: string }[];
  /** Active questions by display order then id. */
  questions: { id: number; sectionId: number; skipScore: number }[];
  /** Active choices of active questions. */
  choices: { id: number; questionId: number; scoreValue: number | null }[];
};

const libraries = new WeakMap<Executor, ScoringLibrary>();

/** Every assessment's active scoring content, read again only when the content's change count has moved. */
export async function scoringLibrary(db: Executor): Promise<ScoringLibrary> {
  // Read before the content: a change racing the load leaves a library the next call finds stale.
  const row = await db
    .selectFrom('cacheVersions')
    .select('version')
    .where('name', '=', 'content')
    .executeTakeFirst();
  const version = Number(row?.version ?? -1);
  const known = libraries.get(db);
  if (known && known.version === version) return known;
  const [assessments, links, sections, questions, choices] = await Promise.all([
    db
      .selectFrom('assessments')
      .select(['id', 'name', 'code', 'isActive', 'assessmentType'])
      .orderBy('isActive', 'desc')
      .orderBy('id')
      .execute(),
    db.selectFrom('assessmentSections').select(['assessmentId', 'sectionId']).execute(),
    db
      .selectFrom('sections')
      .select(['id', 'code', 'caption'])
      .where('isActive', '=', 1)
      .orderBy('displayOrder')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('questions')
      .select(['id', 'sectionId', 'skipScore'])
      .where('isActive', '=', 1)
      .orderBy('displayOrder')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('choices as c')
      .innerJoin('questions as q', 'q.id', 'c.questionId')
      .select(['c.id', 'c.questionId', 'c.scoreValue'])
      .where('c.isActive', '=', 1)
      .where('q.isActive', '=', 1)
      .execute(),
  ]);
  const sectionsOf = new Map<number, Set<number>>();
  for (const link of links) {
    const set = sectionsOf.get(link.assessmentId) ?? new Set<number>();
    set.add(link.sectionId);
    sectionsOf.set(link.assessmentId, set);
  }
  const library: ScoringLibrary = {
    version,
    assessments: assessments.map((a) => ({ ...a, assessmentType: Number(a.assessmentType) })),
    sectionsOf,
    sections,
    questions,
    choices: choices.map((c) => ({ ...c, scoreValue: c.scoreValue == null ? null : Number(c.scoreValue) })),
  };
  if (!db.isTransaction) libraries.set(db, library);
  return library;
}

/** The active sections of some assessments in the report's order (reportData contentOf's sections). */
export function sectionsFor(library: ScoringLibrary, assessmentIds: Iterable<number>) {
  const ids = new Set<number>();
  for (const id of assessmentIds) for (const s of library.sectionsOf.get(id) ?? []) ids.add(s);
  return library.sections.filter((s) => ids.has(s.id));
}

/** The scoring content of some assessments exactly as reportData contentOf orders it. */
function scoringContentFor(library: ScoringLibrary, assessmentIds: Iterable<number>) {
  const sections = sectionsFor(library, assessmentIds);
  const rank = new Map(sections.map((s, i) => [s.id, i]));
  // Questions in section order, then their own order (a stable sort, as contentOf does).
  const questions = library.questions
    .filter((q) => rank.has(q.sectionId))
    .sort((a, b) => (rank.get(a.sectionId) ?? 0) - (rank.get(b.sectionId) ?? 0));
  const questionIds = new Set(questions.map((q) => q.id));
  return { sections, questions, choices: library.choices.filter((c) => questionIds.has(c.questionId)) };
}

/**
 * How the kept scores of one content are laid out: the section codes in the content's order, so a
 * result keeps its section scores as a short array of numbers (NaN where a section has no score).
 */
type Layout = { key: string; codes: string[] };
type Entry = {
  completion: string;
  lastAnswerId: number;
  layout: Layout;
  /** The overall score, then each section's in the layout's order; NaN for none. */
  figures: number[];
};

/**
 * Results whose scores are kept per database, the oldest figured going first: five times the results of
 * the bench's large installation (20,500). About 300 bytes each with eight sections: at most ~30 MB.
 * Past it, the results figured longest ago are read again when next asked for.
 */
export const MAX_CACHED_RESULTS = 100_000;
const caches = new WeakMap<Executor, Map<number, Entry>>();
function cacheOf(db: Executor): Map<number, Entry> {
  // A transaction's reads may never commit: what it figures is used for that call only.
  if (db.isTransaction) return new Map();
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Question scores are not kept: the scores-only readers use the overall and section figures. */
const NO_QUESTION_SCORES: Record<number, number> = Object.freeze({}) as Record<number, number>;

function scoresOfEntry(entry: Entry): ResultScores {
  const sections: Record<string, number> = {};
  entry.layout.codes.forEach((code, i) => {
    const score = entry.figures[i + 1] as number;
    if (!Number.isNaN(score)) sections[code] = score;
  });
  return {
    overall: Number.isNaN(entry.figures[0]) ? null : (entry.figures[0] as number),
    sections,
    questions: NO_QUESTION_SCORES,
  };
}

/** A result to score: its id, completion time and highest answer id as the database has them now. */
export type ResultStamp = { id: number; completionDateTime: string; lastAnswerId: number | string | null };

/**
 * The highest answer id of the result `resultColumn` names (e.g. 'r.id'), for ResultStamp: a subquery
 * one index lookup (answers_result on SQLite, answers_result_id on PostgreSQL: migration 011).
 */
export function lastAnswerIdOf(resultColumn: string): RawBuilder<number | string | null> {
  return sql<
    number | string | null
  >`(select max(x.id) from answers x where x.assessment_result_id = ${sql.ref(resultColumn)})`;
}

const answerStamp = (value: number | string | null) => (value == null ? -1 : Number(value));

/**
 * Results to score together: the results of one manufacturer and assessment type that count in its
 * report, and the assessments they answered (whose sections are the report's content).
 */
export type ScoringGroup = { assessmentIds: readonly number[]; results: readonly ResultStamp[] };

/**
 * The scores of the results of some groups, by result id, as reportData.organizationResults figures
 * them (overall and sections; question scores are not kept: `questions` is empty). Reads the answers of
 * the results new or changed since they were last figured, in queries of 1,000 results; none otherwise.
 */
export async function cachedResultScores(
  db: Executor,
  library: ScoringLibrary,
  groups: readonly ScoringGroup[],
): Promise<Map<number, ResultScores>> {
  const cache = cacheOf(db);
  const layouts = new Map<string, Layout>();
  const contents = new Map<string, ReturnType<typeof scoringContentFor>>();
  const stale = new Map<number, { stamp: ResultStamp; key: string; assessmentIds: readonly number[] }>();
  // Each result's entry, taken before any is added (adding may push out the oldest).
  const entries = new Map<number, Entry>();
  for (const group of groups) {
    const key = `${library.version}|${[...new Set(group.assessmentIds)].sort((a, b) => a - b).join(',')}`;
    for (const r of group.results) {
      const kept = cache.get(r.id);
      if (
        kept &&
        kept.completion === r.completionDateTime &&
        kept.lastAnswerId === answerStamp(r.lastAnswerId) &&
        kept.layout.key === key
      )
        entries.set(r.id, kept);
      else stale.set(r.id, { stamp: r, key, assessmentIds: group.assessmentIds });
    }
  }

  if (stale.size > 0) {
    const answers = new Map<number, ScoringAnswer[]>();
    const ids = [...stale.keys()].sort((a, b) => a - b);
    for (let k = 0; k < ids.length; k += 1000) {
      const rows = await db
        .selectFrom('answers')
        .select(['assessmentResultId', 'questionId', 'choiceId'])
        .where('assessmentResultId', 'in', ids.slice(k, k + 1000))
        .where('choiceId', 'is not', null)
        // The report's order (by result, then answer), so a multi-select's mean adds up alike.
        .orderBy('assessmentResultId')
        .orderBy('id')
        .execute();
      for (const a of rows) {
        const list = answers.get(a.assessmentResultId) ?? [];
        list.push({ questionId: a.questionId, choiceId: a.choiceId });
        answers.set(a.assessmentResultId, list);
      }
    }
    for (const [id, { stamp, key, assessmentIds }] of stale) {
      let content = contents.get(key);
      let layout = layouts.get(key);
      if (!content || !layout) {
        content = scoringContentFor(library, assessmentIds);
        layout = { key, codes: [...new Set(content.sections.map((s) => s.code))] };
        contents.set(key, content);
        layouts.set(key, layout);
      }
      const scores = resultScores(content, answers.get(id) ?? []);
      // Exactly as long as needed (an array built by push keeps spare room).
      const figures = [scores.overall ?? Number.NaN];
      for (const code of layout.codes) figures.push(scores.sections[code] ?? Number.NaN);
      const entry: Entry = {
        completion: stamp.completionDateTime,
        lastAnswerId: answerStamp(stamp.lastAnswerId),
        layout,
        figures: figures.slice(),
      };
      entries.set(id, entry);
      cache.delete(id);
      cache.set(id, entry);
      if (cache.size > MAX_CACHED_RESULTS) cache.delete(cache.keys().next().value as number);
    }
  }

  const scores = new Map<number, ResultScores>();
  for (const [id, entry] of entries) scores.set(id, scoresOfEntry(entry));
  return scores;
}
