import { type RefObject, useId } from 'react';
import {
  clampPage,
  PAGE_SIZES,
  pageCountOf,
  pagerVisible,
  pageWindow,
  showsNavigationControls,
} from './pageWindow';

/** docs/product.md#limits: the pager scrolls the list into view with an offset of 120 px. */
export const PAGER_SCROLL_OFFSET = 120;

export function scrollIntoViewWithOffset(element: HTMLElement | null, offset = PAGER_SCROLL_OFFSET): void {
  if (!element || typeof window.scrollTo !== 'function') return;
  const top = element.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
}

type Props = {
  count: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  /** What the list is, for assistive technology: 'Questions' gives 'Questions pages'. */
  label: string;
  /** Brought into view after a page change. */
  scrollTarget?: RefObject<HTMLElement | null>;
};

/**
 * A numbered pager with page-size choice (docs/product.md#limits): first/previous/next/last controls with
 * more than 10 pages, an ellipsis with more than 16, hidden when everything fits on one page.
 */
export function Pager({ count, page, pageSize, onPageChange, onPageSizeChange, label, scrollTarget }: Props) {
  const sizeId = useId();
  const pageCount = pageCountOf(count, pageSize);
  const current = clampPage(page, pageCount);
  const showPages = pagerVisible(count, pageSize);
  // The size choice stays while a smaller size would page, so a large choice can be undone.
  const showSizes = count > PAGE_SIZES[0];
  if (!showPages && !showSizes) return null;

  const go = (target: number) => {
    const next = clampPage(target, pageCount);
    if (next === current) return;
    onPageChange(next);
    scrollIntoViewWithOffset(scrollTarget?.current ?? null);
  };
  const controls = showsNavigationControls(pageCount);

  return (
    <div className="smr-pager">
      {showPages ? (
        <nav aria-label={`${label} pages`}>
          <ul className="pagination mb-0">
            {controls ? (
              <>
                <Control label="First page" text="«" disabled={current === 1} onClick={() => go(1)} />
                <Control
                  label="Previous page"
                  text="‹"
                  disabled={current === 1}
                  onClick={() => go(current - 1)}
                />
              </>
            ) : null}
            {pageWindow(current, pageCount).map((slot) =>
              slot.type === 'ellipsis' ? (
                <li key={`ellipsis-${slot.key}`} className="page-item disabled" aria-hidden="true">
                  <span className="page-link">…</span>
                </li>
              ) : (
                <li key={slot.page} className={`page-item${slot.page === current ? ' active' : ''}`}>
                  <button
                    type="button"
                    className="page-link"
                    aria-label={`Page ${slot.page}`}
                    aria-current={slot.page === current ? 'page' : undefined}
                    onClick={() => go(slot.page)}
                  >
                    {slot.page}
                  </button>
                </li>
              ),
            )}
            {controls ? (
              <>
                <Control
                  label="Next page"
                  text="›"
                  disabled={current === pageCount}
                  onClick={() => go(current + 1)}
                />
                <Control
                  label="Last page"
                  text="»"
                  disabled={current === pageCount}
                  onClick={() => go(pageCount)}
                />
              </>
            ) : null}
          </ul>
        </nav>
      ) : (
        <span />
      )}
      {showSizes ? (
        <div className="smr-pager-size">
          <label htmlFor={sizeId}>Per page</label>
          <select
            id={sizeId}
            className="form-select form-select-sm"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

function Control({
  label,
  text,
  disabled,
  onClick,
}: {
  label: string;
  text: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button type="button" className="page-link" aria-label={label} disabled={disabled} onClick={onClick}>
        <span aria-hidden="true">{text}</span>
      </button>
    </li>
  );
}
