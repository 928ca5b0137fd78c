import { messages } from '@domain/messages';
import type { Envelope, ListSearch, SearchResult } from '@domain/schemas/common';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHandled, type RequestOptions } from '@web/api/client';
import type { FailureKind } from '@web/api/errors';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../ButtonLink';
import { type Removal, useConfirmedRemoval } from '../entity/useConfirmedRemoval';
import { Page } from '../Page';
import { Pager } from '../pager/Pager';
import { clampPage, itemCountText, pageCountOf, skipTakeOf } from '../pager/pageWindow';
import { useDebouncedEffect } from './useDebouncedEffect';
import { useListState } from './useListState';
import './listSorting.css';

/** docs/product.md#screens does not say; long enough not to search on every keystroke, short enough to feel live. */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListColumn<Row, SortKey extends string = string> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The cell is the link to the row's own page. */
  link?: (row: Row) => string;
  /** Classes for the header and the cells, e.g. 'text-end' or 'smr-col-narrow'. */
  className?: string;
  /** What the server sorts by when this column's header is chosen; without it the header is plain. */
  sort?: SortKey;
};

export type SortDirection = 'asc' | 'desc';

/**
 * The order of a list that sorts on the server. The page keeps it (in the address, with its other
 * filters) and decides what choosing a header does, e.g. flip the direction or start a column newest
 * first; the list draws the headers as buttons and says the order.
 */
export type ListSorting<SortKey extends string = string> = {
  column: SortKey;
  direction: SortDirection;
  /** A header chosen (no direction: the page decides, e.g. flips it), or an order chosen whole on a phone. */
  onSort: (column: SortKey, direction?: SortDirection) => void;
};

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** What the list asks its search for: a ListSearch with every part given. */
type ListParams = { [K in keyof ListSearch]-?: NonNullable<ListSearch[K]> };

export type ListRemoval<Row> = Removal<Row> & {
  request: (row: Row, options: CallOptions) => Promise<Envelope>;
  /** The row's name in the button's accessible label, e.g. "Deactivate 'Quality'". */
  itemName: (row: Row) => string;
  /** Shown in the column when the row cannot be removed; 'Inactive' for inactive rows by default. */
  fallback?: (row: Row) => ReactNode;
};

/** The item page reads where the list was (search, page) to come back to it. */
export type ReturnState = { returnTo?: string };

type Props<Row extends { id: number }, SortKey extends string> = {
  /** The browser tab's title; the main heading too unless `heading` is given, e.g. 'Consulting Firms'. */
  title: string;
  /**
   * The large heading in plain words ('Sections') where `title` is a quoted product title ('Admin |
   * Section Items'): the title then stays the first-level heading, in a small line above it
   * (docs/decisions.md#web-list-headings).
   */
  heading?: string;
  /** Names the list in the user preferences (page size). */
  listKey: string;
  /** The query key prefix its search results are cached under; removals and saves invalidate it. */
  queryKey: readonly unknown[];
  search: (search: ListParams, options: CallOptions) => Promise<SearchResult<Row>>;
  /**
   * What else the search sends besides its text and page (filters, order), so the cached results of
   * one choice are never shown for another.
   */
  filters?: Readonly<Record<string, unknown>>;
  columns: readonly ListColumn<Row, SortKey>[];
  /** Given, the columns with a `sort` have headers that order the list. */
  sorting?: ListSorting<SortKey>;
  emptyText: string;
  /** The next step under the empty text, e.g. where the rows come from (docs/decisions.md#web-list-empty). */
  emptyHint?: ReactNode;
  /** What the list holds, for labels: 'Sections'. */
  noun: string;
  /** The table's caption for assistive technology; the noun by default. */
  caption?: string;
  add?: { to: string; label: string };
  /** Links to other views of the same list (e.g. all or unassigned), between the header and the table. */
  views?: ReactNode;
  removal?: ListRemoval<Row>;
  isInactive?: (row: Row) => boolean;
  /** Other cached queries a removal makes stale. */
  invalidates?: readonly (readonly unknown[])[];
  /** Extra row classes, given the whole page of rows (e.g. shading by group). */
  rowClassNames?: (rows: readonly Row[]) => (string | undefined)[];
  /** A class for the page, for a list's own styles (e.g. a wider page for many columns). */
  className?: string;
};

/** The failures the list reports itself; an ended session, a refusal and a lost network are the global handler's. */
const listHandles: readonly FailureKind[] = ['not-found', 'bad-request', 'other'];

/**
 * An administered list (docs/product.md#screens, docs/product.md#messages and docs/product.md#limits): title, server-side search, add button, table,
 * empty text, pager, and removal with confirmation. A list page is this plus its columns.
 */
export function ListPage<Row extends { id: number }, SortKey extends string = string>({
  title,
  heading,
  listKey,
  queryKey,
  search,
  filters,
  columns,
  sorting,
  emptyText,
  emptyHint,
  noun,
  caption,
  add,
  views,
  removal,
  isInactive,
  rowClassNames,
  invalidates,
  className,
}: Props<Row, SortKey>) {
  const searchId = useId();
  const location = useLocation();
  const queryClient = useQueryClient();
  const list = useListState(listKey);
  const [text, setText] = useState(list.query);
  const tableRef = useRef<HTMLDivElement>(null);

  const dropSearch = useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, (value) => {
    if (value.trim() !== list.query) list.setQuery(value.trim());
  });
  // A link to another page followed before typing paused (a row shown before the filter applied, the
  // sidebar) is where the person goes: the list, still drawn while that page loads, must not send
  // them back to itself with the search.
  useEffect(() => {
    const leaving = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      if (new URL(link.href, window.location.href).pathname !== location.pathname) dropSearch();
    };
    document.addEventListener('click', leaving, true);
    return () => document.removeEventListener('click', leaving, true);
  }, [dropSearch, location.pathname]);

  const params = { query: list.query, ...skipTakeOf(list.page, list.pageSize) };
  const result = useQuery({
    queryKey: filters ? [...queryKey, 'search', filters, params] : [...queryKey, 'search', params],
    queryFn: ({ signal }) =>
      search(params, { signal, errorMessage: messages.admin.listRetrieveFailure, skipGlobal: listHandles }),
    placeholderData: keepPreviousData,
  });

  // A page beyond the end (rows removed meanwhile, an old link) moves to the last page.
  const count = result.data?.count ?? 0;
  const lastPage = Math.max(1, pageCountOf(count, list.pageSize));
  const { page, setPage } = list;
  useEffect(() => {
    if (result.isSuccess && !result.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [result.isSuccess, result.isPlaceholderData, page, lastPage, setPage]);

  const remover = useConfirmedRemoval<Row>({
    kind: removal?.kind ?? 'delete',
    confirmText: (row) => removal?.confirmText(row) ?? '',
    errorTitle: removal?.errorTitle ?? '',
    request: (row, options) => removal!.request(row, options),
    onRemoved: async () => {
      for (const key of invalidates ?? []) void queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey });
    },
  });

  const removalHeader = removal?.kind === 'delete' ? 'Delete' : 'Deactivate';
  const returnState: ReturnState = { returnTo: location.pathname + location.search };
  const rows = result.data?.data ?? [];
  const extraClasses = rowClassNames?.(rows) ?? [];

  return (
    <Page title={title} className={['smr-list-page', className ?? ''].join(' ').trim()}>
      <header className="smr-list-header">
        <div className="smr-list-heading">
          {heading && heading !== title ? (
            // The quoted title stays the page's first-level heading (people and tests look it up so),
            // in a small line; the plain words under it are what the eye reads first.
            <div className="smr-list-titles">
              <h1 className="smr-list-kicker">{title}</h1>
              <h2 className="smr-list-title">{heading}</h2>
            </div>
          ) : (
            <h1 className="smr-list-title">{title}</h1>
          )}
          {result.data ? (
            <output className="smr-list-count" aria-live="polite">
              {itemCountText(count)}
            </output>
          ) : null}
        </div>
        <div className="smr-list-tools">
          <div className="smr-list-search">
            <label htmlFor={searchId} className="visually-hidden">
              Search {noun.toLowerCase()}
            </label>
            <input
              id={searchId}
              type="search"
              className="form-control"
              placeholder="Search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              autoComplete="off"
            />
          </div>
          {add ? (
            <ButtonLink to={add.to} className="smr-list-add">
              {add.label}
            </ButtonLink>
          ) : null}
        </div>
      </header>
      {views}
      {sorting && count > 0 ? <PhoneSort columns={columns} sorting={sorting} /> : null}

      <div ref={tableRef} className="smr-card smr-list-card">
        {result.isPending ? (
          <div className="smr-page-loading">
            <Spinner animation="border" role="presentation" />
            <span className="visually-hidden">Loading…</span>
          </div>
        ) : result.isError && !result.data ? (
          isHandled(result.error) ? null : (
            <Alert variant="danger" className="m-3">
              {messages.admin.listRetrieveFailure}
            </Alert>
          )
        ) : count === 0 ? (
          <div className="smr-list-empty">
            <p className="smr-list-empty-text">{emptyText}</p>
            {list.query ? (
              <p className="smr-list-empty-hint">
                Nothing matches '{list.query}'.{' '}
                <button
                  type="button"
                  className="btn btn-link p-0 align-baseline"
                  onClick={() => {
                    setText('');
                    list.setQuery('');
                  }}
                >
                  Clear the search
                </button>{' '}
                to see every item.
              </p>
            ) : emptyHint ? (
              <p className="smr-list-empty-hint">{emptyHint}</p>
            ) : null}
          </div>
        ) : (
          <div className="table-responsive">
            <table className="table smr-table smr-table-stack" aria-busy={result.isFetching || undefined}>
              <caption className="visually-hidden">{captionOf(caption ?? noun, columns, sorting)}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <ColumnHeader key={column.key} column={column} sorting={sorting} />
                  ))}
                  {removal ? (
                    <th scope="col" className="smr-col-action">
                      {removalHeader}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => {
                  const inactive = isInactive?.(row) ?? false;
                  const classes = [inactive ? 'smr-row-inactive' : '', extraClasses[index] ?? '']
                    .join(' ')
                    .trim();
                  return (
                    <tr key={row.id} className={classes || undefined}>
                      {columns.map((column) => (
                        <td key={column.key} className={column.className} data-label={column.header}>
                          {column.link ? (
                            <Link to={column.link(row)} state={returnState}>
                              {column.cell(row)}
                            </Link>
                          ) : (
                            column.cell(row)
                          )}
                        </td>
                      ))}
                      {removal ? (
                        <td className="smr-col-action" data-label={removalHeader}>
                          {!inactive && (removal.allowed?.(row) ?? true) ? (
                            <button
                              type="button"
                              className="btn btn-sm btn-outline-danger smr-remove-button"
                              aria-label={`${removal.kind === 'delete' ? 'Delete' : 'Deactivate'} '${removal.itemName(row)}'`}
                              onClick={() => remover.ask(row)}
                            >
                              <span aria-hidden="true">×</span>
                            </button>
                          ) : (
                            (removal.fallback?.(row) ??
                            (inactive ? <span className="badge text-bg-secondary">Inactive</span> : null))
                          )}
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <Pager
        count={count}
        page={clampPage(list.page, lastPage)}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        label={noun}
        scrollTarget={tableRef}
      />
      {removal ? remover.element : null}
    </Page>
  );
}

const directionNames: Record<SortDirection, 'ascending' | 'descending'> = {
  asc: 'ascending',
  desc: 'descending',
};

/** 'Sections', or 'Sections, sorted by Name (ascending)' when the list sorts. */
function captionOf<SortKey extends string>(
  text: string,
  columns: readonly ListColumn<never, SortKey>[],
  sorting: ListSorting<SortKey> | undefined,
): string {
  const sortedBy = sorting && columns.find((c) => c.sort === sorting.column);
  return sortedBy ? `${text}, sorted by ${sortedBy.header} (${directionNames[sorting.direction]})` : text;
}

/**
 * On a phone the rows stack as cards and the headers are hidden: a select above the cards offers the
 * same orders (docs/decisions.md#web-list-sorting). Wider screens hide it and sort by the headers.
 */
function PhoneSort<SortKey extends string>({
  columns,
  sorting,
}: {
  columns: readonly ListColumn<never, SortKey>[];
  sorting: ListSorting<SortKey>;
}) {
  const id = useId();
  const sortable = columns.filter((column): column is ListColumn<never, SortKey> & { sort: SortKey } =>
    Boolean(column.sort),
  );
  if (sortable.length === 0) return null;
  return (
    <div className="smr-list-phone-sort">
      <label htmlFor={id} className="text-nowrap">
        Sort by
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={`${sorting.column}:${sorting.direction}`}
        onChange={(event) => {
          const [column, direction] = event.target.value.split(':') as [SortKey, SortDirection];
          sorting.onSort(column, direction);
        }}
      >
        {sortable.flatMap((column) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${column.sort}:${direction}`} value={`${column.sort}:${direction}`}>
              {column.header} ({directionNames[direction]})
            </option>
          )),
        )}
      </select>
    </div>
  );
}

/** A header; a sortable one is a button that says through aria-sort how the rows are ordered. */
function ColumnHeader<SortKey extends string>({
  column,
  sorting,
}: {
  column: ListColumn<never, SortKey>;
  sorting: ListSorting<SortKey> | undefined;
}) {
  const sortKey = sorting ? column.sort : undefined;
  if (!sorting || sortKey === undefined) {
    return (
      <th scope="col" className={column.className}>
        {column.header}
      </th>
    );
  }
  const sorted = sortKey === sorting.column;
  return (
    <th
      scope="col"
      className={column.className}
      aria-sort={sorted ? directionNames[sorting.direction] : 'none'}
    >
      <button type="button" className="smr-list-sort-button" onClick={() => sorting.onSort(sortKey)}>
        {column.header}
        <span className="smr-list-sort-mark" aria-hidden="true">
          {sorted ? (sorting.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
