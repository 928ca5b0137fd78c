/** A business rule refused part of a save; the transaction rolls back and the caller hears why. */
export class SaveRefused extends Error {}
