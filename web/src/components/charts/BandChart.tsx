import './BandChart.css';

export type BandRow = {
  label: string;
  /** Lowest and highest: a whisker when both are given (peer figures give neither: docs/decisions.md#trust-peers). */
  min?: number;
  q1: number;
  median: number;
  q3: number;
  max?: number;
  /** The figure set against the band (a diamond); null draws none. */
  value: number | null;
};

export type BandChartProps = {
  rows: readonly BandRow[];
  /** The top of the scale (the bottom is 0). */
  max: number;
  /** Names the chart for assistive technology; pair it with a table of the same numbers. */
  label: string;
  /** The legend's name for the diamond, e.g. 'Your organization'. */
  valueLabel: string;
};

/**
 * A band (box) chart drawn with plain HTML and CSS: per row, a box from the lower to the upper
 * quartile, the median as a line across it, the value as a diamond, and a whisker from the lowest to
 * the highest where the row has them. No canvas and no library, so it prints, scales to any width and needs no loading. The
 * drawing is one image for assistive technology; the legend below it is text.
 */
export function BandChart({ rows, max, label, valueLabel }: BandChartProps) {
  const at = (v: number) => `${(Math.min(Math.max(v, 0), max) / max) * 100}%`;
  const ticks = Array.from({ length: max + 1 }, (_, i) => i);
  const whiskers = rows.some((row) => row.min !== undefined && row.max !== undefined);
  return (
    <figure className="smr-band-chart">
      <div className="smr-band-rows" role="img" aria-label={label}>
        {rows.map((row) => (
          <div className="smr-band-row" key={row.label}>
            <div className="smr-band-label">{row.label}</div>
            <div className="smr-band-track">
              {ticks.map((t) => (
                <span key={t} className="smr-band-grid" style={{ left: at(t) }} />
              ))}
              {row.min === undefined || row.max === undefined ? null : (
                <>
                  <span
                    className="smr-band-whisker"
                    style={{ left: at(row.min), width: `calc(${at(row.max)} - ${at(row.min)})` }}
                  />
                  <span className="smr-band-cap" style={{ left: at(row.min) }} />
                  <span className="smr-band-cap" style={{ left: at(row.max) }} />
                </>
              )}
              <span
                className="smr-band-box"
                style={{ left: at(row.q1), width: `calc(${at(row.q3)} - ${at(row.q1)})` }}
              />
              <span className="smr-band-median" style={{ left: at(row.median) }} />
              {row.value === null ? null : (
                <span className="smr-band-value" style={{ left: at(row.value) }} />
              )}
            </div>
          </div>
        ))}
        <div className="smr-band-row smr-band-axis-row">
          <div className="smr-band-label" />
          <div className="smr-band-axis">
            {ticks.map((t) => (
              <span key={t} style={{ left: at(t) }}>
                {t}
              </span>
            ))}
          </div>
        </div>
      </div>
      <figcaption className="smr-band-legend">
        <span>
          <span className="smr-band-key smr-band-key-value" aria-hidden="true" /> {valueLabel}
        </span>
        <span>
          <span className="smr-band-key smr-band-key-box" aria-hidden="true" /> Middle half of peers (lower to
          upper quartile)
        </span>
        <span>
          <span className="smr-band-key smr-band-key-median" aria-hidden="true" /> Peer median
        </span>
        {whiskers ? (
          <span>
            <span className="smr-band-key smr-band-key-whisker" aria-hidden="true" /> Lowest to highest peer
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
