import type { Executor } from '../db/database.js';

export const lookupsRepository = {
  /** Every active lookup item, in type then display order: what the web keeps for its drop-downs. */
  allActive(db: Executor) {
    return db
      .selectFrom('lookupItems')
      .select([
        'id',
        'name',
        'code',
        'lookupType',
        'displayOrder',
        'enumValue',
        'organizationType',
        'isActive',
      ])
      .where('isActive', '=', 1)
      .orderBy('lookupType')
      .orderBy('displayOrder')
      .orderBy('name')
      .execute();
  },
};
