/**
 * The modes an entity screen starts in (docs/product.md#rules): view, new, copy or edit. New and copy
 * use the add call, edit the update call; view (and an inactive item) is read-only.
 */
export type EntityMode = 'view' | 'new' | 'copy' | 'edit';

export type EntityLocation =
  | { mode: 'new' }
  | { mode: 'copy'; parentId: number }
  | { mode: 'edit' | 'view'; id: number }
  | { mode: 'invalid' };

/** A location with an item to load. */
export type LoadableLocation = Exclude<EntityLocation, { mode: 'invalid' }>;

function positiveId(text: string | undefined): number | null {
  return text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

/**
 * Where the route puts the screen: /x/new is new; /x/copy/{parentId} is copy (a parent id on a path
 * containing /copy/); /x/{id} is view, and edit with ?mode=edit (the Edit button's address, so a
 * reload keeps editing). Anything else is not a page.
 */
export function entityLocationOf(
  pathname: string,
  params: { id?: string; parentId?: string },
  search = '',
): EntityLocation {
  if (params.parentId !== undefined && pathname.includes('/copy/')) {
    const parentId = positiveId(params.parentId);
    return parentId === null ? { mode: 'invalid' } : { mode: 'copy', parentId };
  }
  if (/\/new\/?$/.test(pathname)) return { mode: 'new' };
  const id = positiveId(params.id);
  if (id === null) return { mode: 'invalid' };
  return { mode: new URLSearchParams(search).get('mode') === 'edit' ? 'edit' : 'view', id };
}

/** The address of a saved item in view mode. */
export function viewPathOf(basePath: string, id: number | null): string {
  return `${basePath}/${id}`;
}

/** The address of a saved item in edit mode. */
export function editPathOf(basePath: string, id: number | null): string {
  return `${basePath}/${id}?mode=edit`;
}

/** Read-only in view mode or when the item is inactive. */
export function isReadOnly(
  mode: EntityMode,
  item: { isActive?: boolean | null } | null | undefined,
): boolean {
  return mode === 'view' || item?.isActive === false;
}

/** New and copy add an item; edit updates one. */
export function saveCallOf(mode: EntityMode): 'add' | 'update' {
  return mode === 'edit' || mode === 'view' ? 'update' : 'add';
}
