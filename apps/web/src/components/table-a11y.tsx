import { useContext, useEffect, type ReactNode } from 'react';
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
 * keyboard (axe: scrollable-region-focusable). The app shell runs this once: every table's scroll area, now and
 * later, takes the keyboard focus (Tab to it, then the arrow keys scroll).
 */
export function useKeyboardScrollableTables() {
  useEffect(() => {
    const mark = () => {
      for (const area of document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (area.tabIndex < 0) area.tabIndex = 0;
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}
