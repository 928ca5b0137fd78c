import { type ReactNode, Suspense } from 'react';
import './charts.css';

/**
 * The box every chart draws in (.smr-chart, which sets its height unless height is given) and the
 * 'Loading chart…' note shown while chart.js, loaded on first use, arrives. children is the chart's
 * lazily imported canvas. One shell for the radar, bar and line charts, so they load and size alike.
 */
export function LazyChart({ height, children }: { height?: number; children: ReactNode }) {
  return (
    <div className="smr-chart" style={height === undefined ? undefined : { height }}>
      <Suspense
        fallback={
          <div className="smr-chart-loading" aria-busy="true">
            Loading chart…
          </div>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}
