import { type QueryKey, useQuery } from '@tanstack/react-query';
import { isApiError } from '@web/api/client';
import type { FailureKind } from '@web/api/errors';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../alerts/useAlerts';
import type { LoadableLocation } from './entityMode';

/** The texts of docs/product.md#messages for loading an item; each screen brings its own wording. */
export type EntityLoadTexts = {
  /** Loading failed: 'An error occurred retrieving this item.' */
  retrieveFailure: string;
  /** Loading answered 404: the whole text shown on the way to /404. */
  notFound: string;
  /** Loading answered 403: the whole text shown on the way back. */
  forbidden: string;
  /** init failed: 'An error occurred retrieving the blank item.' */
  blankFailure: string;
};

type LoadOptions = { signal: AbortSignal; errorMessage: string; skipGlobal: readonly FailureKind[] };

/** The calls and cache keys that load an item in each mode. */
export type EntityLoadSource<TItem> = {
  keys: { blank: QueryKey; copy: (parentId: number) => QueryKey; item: (id: number) => QueryKey };
  init: (options: LoadOptions) => Promise<TItem>;
  copy: (parentId: number, options: LoadOptions) => Promise<TItem>;
  getById: (id: number, options: LoadOptions) => Promise<TItem>;
};

/** Loading answers the screen handles itself; session ends and lost networks stay global. */
const loadHandles: readonly FailureKind[] = ['not-found', 'forbidden'];

/**
 * Loads the item of an entity screen for its mode: init for new, copy for copy, getbyid for view and
 * edit. A missing item goes to /404 and a refused one goes back (docs/product.md#messages), each with its text.
 */
export function useEntityLoad<TItem>(
  where: LoadableLocation,
  source: EntityLoadSource<TItem>,
  texts: EntityLoadTexts,
) {
  const alerts = useAlerts();
  const navigate = useNavigate();

  const query = useQuery({
    queryKey:
      where.mode === 'new'
        ? source.keys.blank
        : where.mode === 'copy'
          ? source.keys.copy(where.parentId)
          : source.keys.item(where.id),
    queryFn: ({ signal }) =>
      where.mode === 'new'
        ? source.init({ signal, errorMessage: texts.blankFailure, skipGlobal: ['forbidden'] })
        : where.mode === 'copy'
          ? source.copy(where.parentId, {
              signal,
              errorMessage: texts.retrieveFailure,
              skipGlobal: loadHandles,
            })
          : source.getById(where.id, {
              signal,
              errorMessage: texts.retrieveFailure,
              skipGlobal: loadHandles,
            }),
    // A blank or copied item is made afresh on every visit.
    gcTime: where.mode === 'new' || where.mode === 'copy' ? 0 : undefined,
  });

  useEffect(() => {
    const error = query.error;
    if (!isApiError(error) || error.handled) return;
    error.handled = true;
    if (error.kind === 'not-found') {
      alerts.error(texts.notFound, { keepOnNavigation: true });
      void navigate('/404', { replace: true });
    } else if (error.kind === 'forbidden') {
      alerts.error(texts.forbidden, { keepOnNavigation: true });
      // Opened straight from an address there is nothing to go back to: home instead.
      const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
      void (canGoBack ? navigate(-1) : navigate('/', { replace: true }));
    }
  }, [query.error, alerts, navigate, texts]);

  return query;
}
