import { type ReactNode, useEffect, useRef } from 'react';
import Tabs from 'react-bootstrap/Tabs';

/**
 * The organization page's tab bar: one row that scrolls sideways on a phone instead of wrapping into
 * several, with the active tab scrolled into view (docs/decisions.md#organizations-overview). The
 * arrow keys move between tabs (react-bootstrap's tablist).
 */
export function ScrollingTabs(props: {
  activeKey: string;
  onSelect: (key: string | null) => void;
  children: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = bar.current?.querySelector<HTMLElement>('[role="tablist"]');
    const active = list?.querySelector<HTMLElement>(`[data-rr-ui-event-key="${props.activeKey}"]`);
    if (!list || !active) return;
    // Scroll the bar only (scrollIntoView would move the page too).
    const left = active.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft) list.scrollLeft = left;
    else if (left + active.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = left + active.offsetWidth - list.clientWidth;
  }, [props.activeKey]);
  return (
    <div ref={bar} className="smr-org-tabbar">
      <Tabs
        activeKey={props.activeKey}
        onSelect={props.onSelect}
        className="smr-org-tabs"
        // Only the shown tab is in the page; its rows live in the draft, not in the inputs.
        mountOnEnter
        unmountOnExit
        transition={false}
      >
        {props.children}
      </Tabs>
    </div>
  );
}
