import { LookupType } from '@domain/codes';
import { messages } from '@domain/messages';
import {
  defaultPortfolioSort,
  nextPortfolioSort,
  type PortfolioSort,
  type PortfolioSortColumn,
  portfolioCsvFileName,
  portfolioSortColumns,
  type SortDirection,
} from '@domain/rules/portfolio';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isHandled } from '@web/api/client';
import type { FailureKind } from '@web/api/errors';
import { lookupsOfType, lookupsQuery } from '@web/api/lookups';
import { DownloadButton } from '@web/components/DownloadButton';
import { SEARCH_DEBOUNCE_MS } from '@web/components/listPage/ListPage';
import { ListViewsBar } from '@web/components/listPage/ListViewMenu';
import { useDebouncedEffect } from '@web/components/listPage/useDebouncedEffect';
import { useListState } from '@web/components/listPage/useListState';
import { Page } from '@web/components/Page';
import { Pager } from '@web/components/pager/Pager';
import { clampPage, itemCountText, pageCountOf, skipTakeOf } from '@web/components/pager/pageWindow';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  PORTFOLIO_DOWNLOAD_PATH,
  type PortfolioFilters,
  portfolioApi,
  portfolioBody,
  portfolioKeys,
} from './portfolioApi';
import { manufacturerPath, portfolioColumns } from './portfolioColumns';
import './portfolio.css';

const TITLE = 'Client Portfolio';
const listHandles: readonly FailureKind[] = ['not-found', 'bad-request', 'other'];
const sortLabels: Record<PortfolioSortColumn, string> = {
  name: 'Manufacturer',
  roadmapStatus: 'Roadmap Status',
  lastActivityOn: 'Last Activity',
};
const directionLabels: Record<SortDirection, string> = { asc: 'ascending', desc: 'descending' };

/** The order and the needs-attention filter, kept in the address (?sort=...&dir=...&attention=1). */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const column = portfolioSortColumns.find((c) => c === params.get('sort'));
  const sort: PortfolioSort = column
    ? { column, direction: params.get('dir') === 'desc' ? 'desc' : 'asc' }
    : defaultPortfolioSort;
  const needsAttention = params.get('attention') === '1';
  /** Any change of filter or order starts again at page 1. */
  const update = useCallback(
    (changes: { sort?: PortfolioSort; needsAttention?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (changes.sort) {
            next.set('sort', changes.sort.column);
            next.set('dir', changes.sort.direction);
          }
          if (changes.needsAttention !== undefined) {
            if (changes.needsAttention) next.set('attention', '1');
            else next.delete('attention');
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { sort, needsAttention, update };
}

/**
 * /portfolio (issue 17, INTERFACES.md 'portfolio'): every client manufacturer of the consultant's firm
 * (every one for admins) with roadmap status, invites, last activity, scores and what needs attention.
 * Search, sort, paging and the filter run on the server; the CSV holds the same rows.
 */
export function PortfolioPage() {
  const searchId = useId();
  const attentionId = useId();
  const phoneSortId = useId();
  const location = useLocation();
  const list = useListState('portfolio');
  const { sort, needsAttention, update } = useFilterParams();
  // The switch shows the click at once: the address changes in a router transition, which can wait
  // for the next page, and a switch bound to the address alone snapped back until then.
  const [attentionShown, setAttentionShown] = useState(needsAttention);
  useEffect(() => setAttentionShown(needsAttention), [needsAttention]);
  const [text, setText] = useState(list.query);
  const tableRef = useRef<HTMLDivElement>(null);

  useDebouncedEffect(text, SEARCH_DEBOUNCE_MS, (value) => {
    if (value.trim() !== list.query) list.setQuery(value.trim());
  });

  const filters: PortfolioFilters = { query: list.query, needsAttention, sort };
  const page = skipTakeOf(list.page, list.pageSize);
  const result = useQuery({
    queryKey: [...portfolioKeys.all, 'search', filters, page],
    queryFn: ({ signal }) =>
      portfolioApi.search(filters, page, {
        signal,
        errorMessage: messages.admin.listRetrieveFailure,
        skipGlobal: listHandles,
      }),
    placeholderData: keepPreviousData,
  });
  const lookups = useQuery(lookupsQuery);
  const statusNames = useMemo(
    () => new Map(lookupsOfType(lookups.data, LookupType.RoadmapStatus).map((s) => [s.code, s.name])),
    [lookups.data],
  );
  const statusName = (code: string | null) => (code ? (statusNames.get(code) ?? code) : '');

  const count = result.data?.count ?? 0;
  const lastPage = Math.max(1, pageCountOf(count, list.pageSize));
  const { page: pageNumber, setPage } = list;
  useEffect(() => {
    if (result.isSuccess && !result.isPlaceholderData && pageNumber > lastPage) setPage(lastPage);
  }, [result.isSuccess, result.isPlaceholderData, pageNumber, lastPage, setPage]);

  const rows = result.data?.data ?? [];
  const returnState = { returnTo: location.pathname + location.search };

  return (
    <Page title={TITLE} className="smr-list-page smr-page-wide smr-portfolio">
      <header className="smr-list-header">
        <div className="smr-list-heading">
          <h1 className="smr-list-title">{TITLE}</h1>
          {result.data ? (
            <output className="smr-list-count" aria-live="polite">
              {itemCountText(count)}
            </output>
          ) : null}
        </div>
        <div className="smr-list-tools">
          <div className="smr-list-search">
            <label htmlFor={searchId} className="visually-hidden">
              Search manufacturers
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
        </div>
      </header>

      <ListViewsBar
        start={
          <div className="smr-portfolio-filters">
            <div className="form-check form-switch">
              <input
                id={attentionId}
                className="form-check-input"
                type="checkbox"
                checked={attentionShown}
                onChange={(event) => {
                  setAttentionShown(event.target.checked);
                  update({ needsAttention: event.target.checked });
                }}
              />
              <label className="form-check-label" htmlFor={attentionId}>
                Needs attention only
              </label>
            </div>
            <div className="smr-portfolio-phone-sort">
              <label htmlFor={phoneSortId} className="text-nowrap">
                Sort by
              </label>
              <select
                id={phoneSortId}
                className="form-select form-select-sm"
                value={`${sort.column}:${sort.direction}`}
                onChange={(event) => {
                  const [column, direction] = event.target.value.split(':') as [
                    PortfolioSortColumn,
                    SortDirection,
                  ];
                  update({ sort: { column, direction } });
                }}
              >
                {portfolioSortColumns.flatMap((column) =>
                  (['asc', 'desc'] as const).map((direction) => (
                    <option key={`${column}:${direction}`} value={`${column}:${direction}`}>
                      {sortLabels[column]} ({directionLabels[direction]})
                    </option>
                  )),
                )}
              </select>
            </div>
          </div>
        }
        end={
          <DownloadButton
            path={PORTFOLIO_DOWNLOAD_PATH}
            body={portfolioBody(filters)}
            fallbackName={() => portfolioCsvFileName(new Date())}
          >
            Download CSV
          </DownloadButton>
        }
      />

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
          <p className="smr-list-empty">
            {needsAttention ? 'No manufacturer needs attention.' : 'No manufacturers found.'}
          </p>
        ) : (
          <div className="table-responsive">
            <table className="table smr-table smr-table-stack" aria-busy={result.isFetching || undefined}>
              <caption className="visually-hidden">
                Client manufacturers, sorted by {sortLabels[sort.column]} ({directionLabels[sort.direction]})
              </caption>
              <thead>
                <tr>
                  {portfolioColumns.map((column) => {
                    const sorted = column.sort === sort.column;
                    return (
                      <th
                        key={column.key}
                        scope="col"
                        className={column.className}
                        aria-sort={
                          column.sort
                            ? sorted
                              ? sort.direction === 'asc'
                                ? 'ascending'
                                : 'descending'
                              : 'none'
                            : undefined
                        }
                      >
                        {column.sort ? (
                          <button
                            type="button"
                            className="smr-portfolio-sort-button"
                            onClick={() =>
                              update({ sort: nextPortfolioSort(sort, column.sort as PortfolioSortColumn) })
                            }
                          >
                            {column.header}
                            <span className="smr-portfolio-sort-mark" aria-hidden="true">
                              {sorted ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                            </span>
                          </button>
                        ) : (
                          column.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className={row.needsAttention ? 'smr-row-attention' : undefined}>
                    {portfolioColumns.map((column) => (
                      <td key={column.key} className={column.className} data-label={column.header}>
                        {column.key === 'name' ? (
                          <Link to={manufacturerPath(row.id)} state={returnState}>
                            {row.name}
                          </Link>
                        ) : (
                          column.cell(row, statusName)
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
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
        label="Manufacturers"
        scrollTarget={tableRef}
      />
    </Page>
  );
}
