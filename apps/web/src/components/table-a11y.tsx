import { useContext, useEffect, useRef, type ReactNode } from 'react';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';

/**
 * The select-all checkbox of a selectable table. antd copies every column title into a hidden row it
 * measures widths with (aria-hidden), and a checkbox there is a focusable element screen readers are
 * told is not there (axe: aria-hidden-focus); in that row this draws an empty box of the same width.
 * Use as `rowSelection={{ columnTitle: selectAllTitle, … }}`.
 */
function SelectAll({ node }: { node: ReactNode }) {
  const measuring = useContext(TableMeasureRowContext);
  return measuring ? <span style={{ display: 'inline-block', width: 16 }} /> : <>{node}</>;
}
export const selectAllTitle = (node: ReactNode) => <SelectAll node={node} />;

/**
 * A wide table scrolls sideways; a scroll area without anything focusable inside cannot be scrolled from the
 * keyboard (axe: scrollable-region-focusable). Wrap such a table: its scroll area becomes focusable, named by `label`.
 */
export function KeyboardScrollable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const area of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (area.tabIndex >= 0) continue;
        area.tabIndex = 0;
        area.setAttribute('role', 'region');
        area.setAttribute('aria-label', label);
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  return <div ref={ref}>{children}</div>;
}
