import { messages } from '@domain/messages.js';
import type { ChoiceInput } from '@domain/schemas/content.js';
import type { Db } from '../db/database.js';
import { badRequest } from '../http/envelope.js';
import { lookupAdminRepository } from '../repositories/contentLookups.js';
import { questionsRepository } from '../repositories/questions.js';
import { sectionsRepository } from '../repositories/sections.js';
import { audited } from './audited.js';

type LookupItemValues = Parameters<typeof lookupAdminRepository.insert>[1];
type SectionValues = Parameters<typeof sectionsRepository.insert>[1];
type QuestionValues = Parameters<typeof questionsRepository.insert>[1];
/** An add has no current row; an update names it. */
type Save = { mode: 'add' | 'update'; currentId: number | null; actorId: number };

/** The admin content editors (lookup items, sections, questions): each save and deactivation with its audit record. */
export const contentItems = {
  saveLookupItem(db: Db, { mode, currentId, actorId }: Save, values: LookupItemValues): Promise<number> {
    return audited(db, async (trx, audit) => {
      if (currentId != null) await lookupAdminRepository.update(trx, currentId, values, actorId);
      const id = currentId ?? (await lookupAdminRepository.insert(trx, values, actorId));
      await audit({ actor: actorId, action: mode, entity: 'lookup-item', entityId: id, details: values });
      return id;
    });
  },

  /** Users and organizations may still refer to it: it is deactivated, not removed. */
  deleteLookupItem(db: Db, actorId: number, id: number): Promise<void> {
    return audited(db, async (trx, audit) => {
      await lookupAdminRepository.deactivate(trx, id, actorId);
      await audit({ actor: actorId, action: 'delete', entity: 'lookup-item', entityId: id });
    });
  },

  saveSection(db: Db, { mode, currentId, actorId }: Save, values: SectionValues): Promise<number> {
    return audited(db, async (trx, audit) => {
      if (currentId != null) await sectionsRepository.update(trx, currentId, values, actorId);
      const id = currentId ?? (await sectionsRepository.insert(trx, values, actorId));
      await audit({ actor: actorId, action: mode, entity: 'section', entityId: id });
      return id;
    });
  },

  deactivateSection(db: Db, actorId: number, id: number): Promise<void> {
    return audited(db, async (trx, audit) => {
      await sectionsRepository.deactivate(trx, id, actorId);
      await audit({ actor: actorId, action: 'deactivate', entity: 'section', entityId: id });
    });
  },

  saveQuestion(
    db: Db,
    { mode, currentId, actorId }: Save,
    values: QuestionValues,
    choices: ChoiceInput[],
  ): Promise<number> {
    return audited(db, async (trx, audit) => {
      if (currentId != null) await questionsRepository.update(trx, currentId, values, actorId);
      const id = currentId ?? (await questionsRepository.insert(trx, values, actorId));
      if (!(await questionsRepository.saveChoices(trx, id, choices, values.skipScore, actorId))) {
        // Rolls the whole save back: a choice id of another question is refused, not half-applied.
        throw badRequest(messages.admin.choiceNotOfQuestion);
      }
      await audit({ actor: actorId, action: mode, entity: 'question', entityId: id });
      return id;
    });
  },

  deactivateQuestion(db: Db, actorId: number, id: number): Promise<void> {
    return audited(db, async (trx, audit) => {
      await questionsRepository.deactivate(trx, id, actorId);
      await audit({ actor: actorId, action: 'deactivate', entity: 'question', entityId: id });
    });
  },
};
