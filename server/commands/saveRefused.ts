/** A business rule refused part of a save; the transaction rolls back and the caller hears why. */
export class SaveRefused extends Error {}

/** A row claimed a user name someone else holds: counted per caller after the rollback (docs/decisions.md#users-name-probes). */
export class UserNameTaken extends SaveRefused {}
