import { LookupType } from '@domain/codes';
import {
  defaultPortfolioSort,
  nextPortfolioSort,
  type PortfolioSort,
  type PortfolioSortColumn,
  portfolioCsvFileName,
  portfolioSortColumns,
} from '@domain/rules/portfolio';
import type { PortfolioRow } from '@domain/schemas/portfolio';
import { useQuery } from '@tanstack/react-query';
import { lookupsOfType, lookupsQuery } from '@web/api/lookups';
import { DownloadButton } from '@web/components/DownloadButton';
import { ListPage } from '@web/components/listPage/ListPage';
import { ListViewsBar } from '@web/components/listPage/ListViewMenu';
import { useListState } from '@web/components/listPage/useListState';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  PORTFOLIO_DOWNLOAD_PATH,
  type PortfolioFilters,
  portfolioApi,
  portfolioBody,
  portfolioKeys,
} from './portfolioApi';
import { portfolioColumns } from './portfolioColumns';
import './portfolio.css';

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
 * /portfolio (docs/product.md#insights-portfolio): every client manufacturer of the consultant's firm
 * (every one for admins) with roadmap status, invites, last activity, scores and what needs attention.
 * Search, sort, paging and the filter run on the server; the CSV holds the same rows.
 */
export function PortfolioPage() {
  const attentionId = useId();
  const list = useListState('portfolio');
  const { sort, needsAttention, update } = useFilterParams();
  // The switch shows the click at once: the address changes in a router transition, which can wait
  // for the next page, and a switch bound to the address alone snapped back until then.
  const [attentionShown, setAttentionShown] = useState(needsAttention);
  useEffect(() => setAttentionShown(needsAttention), [needsAttention]);

  const lookups = useQuery(lookupsQuery);
  const columns = useMemo(() => {
    const names = new Map(lookupsOfType(lookups.data, LookupType.RoadmapStatus).map((s) => [s.code, s.name]));
    return portfolioColumns((code) => (code ? (names.get(code) ?? code) : ''));
  }, [lookups.data]);

  const narrowing = { needsAttention, sort };
  // The download sends what the list shows, with the search text the list has applied.
  const filters: PortfolioFilters = { query: list.query, ...narrowing };

  return (
    <ListPage<PortfolioRow, PortfolioSortColumn>
      title="Client Portfolio"
      listKey="portfolio"
      queryKey={portfolioKeys.all}
      search={({ query, skip, take }, options) =>
        portfolioApi.search({ query, ...narrowing }, { skip, take }, options)
      }
      filters={narrowing}
      columns={columns}
      sorting={{
        ...sort,
        onSort: (column, direction) =>
          update({ sort: direction ? { column, direction } : nextPortfolioSort(sort, column) }),
      }}
      emptyText={needsAttention ? 'No manufacturer needs attention.' : 'No manufacturers found.'}
      emptyHint={
        needsAttention
          ? 'Every client is on track. Turn off Needs attention only to see them all.'
          : 'Client manufacturers appear here once they are added and assigned to a consulting firm.'
      }
      noun="Manufacturers"
      caption="Client manufacturers"
      rowClassNames={(rows) => rows.map((row) => (row.needsAttention ? 'smr-row-attention' : undefined))}
      className="smr-page-wide smr-portfolio"
      views={
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
      }
    />
  );
}
