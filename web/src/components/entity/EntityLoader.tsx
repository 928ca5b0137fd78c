import { Fragment, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageLoading } from '../PageLoading';
import { EntityLoadFailed } from './EntityLoadFailed';
import { type EntityMode, entityLocationOf, type LoadableLocation } from './entityMode';
import { type EntityLoadSource, type EntityLoadTexts, useEntityLoad } from './useEntityLoad';
import { useReturnTo } from './useReturnTo';

/** What an entity screen gets once its item is loaded. */
export type LoadedEntity<TItem> = {
  mode: EntityMode;
  item: TItem;
  /** Loads the item again, e.g. to show what the server kept after an update. */
  reload: () => Promise<void>;
  returnTo: string;
};

type Props<TItem> = {
  source: EntityLoadSource<TItem>;
  texts: EntityLoadTexts;
  /** The heading of the screen, shown when loading failed. */
  title: string;
  /** Where Back goes when the screen was not opened from a list. */
  listPath: string;
  /** The page width when loading failed. */
  failedClassName?: string;
  children: (loaded: LoadedEntity<TItem>) => ReactNode;
};

/**
 * The route of an entity screen (docs/product.md#rules): reads the mode from the address (anything else
 * goes to /404), loads the item, shows the page loading or the failure, then the screen itself.
 */
export function EntityLoader<TItem>(props: Props<TItem>) {
  const location = useLocation();
  const params = useParams();
  const where = entityLocationOf(location.pathname, params, location.search);
  if (where.mode === 'invalid') return <Navigate to="/404" replace />;
  // View and edit of one item share the loaded item; switching between them does not load it again.
  const loaderKey =
    where.mode === 'view' || where.mode === 'edit'
      ? `item:${where.id}`
      : `${where.mode}:${where.mode === 'copy' ? where.parentId : ''}`;
  return <ItemLoader key={loaderKey} where={where} {...props} />;
}

function ItemLoader<TItem>({
  where,
  source,
  texts,
  title,
  listPath,
  failedClassName,
  children,
}: Props<TItem> & { where: LoadableLocation }) {
  const returnTo = useReturnTo(listPath);
  const query = useEntityLoad(where, source, texts);

  if (query.isPending) return <PageLoading />;
  if (query.isError)
    return <EntityLoadFailed title={title} returnTo={returnTo} className={failedClassName} />;
  return (
    // A new mode starts from the item as loaded: Cancel in edit mode drops what was typed.
    <Fragment key={where.mode}>
      {children({
        mode: where.mode,
        item: query.data,
        reload: async () => void (await query.refetch()),
        returnTo,
      })}
    </Fragment>
  );
}
