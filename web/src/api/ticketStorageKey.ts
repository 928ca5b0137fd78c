/**
 * Browser storage key of the auth ticket (docs/product.md#codes-entities). A module of its own so the
 * build (web/build/routePreload.ts) reads it without loading the store.
 */
export const TICKET_STORAGE_KEY = 'smr.auth-ticket';
