import { lazy, Suspense } from 'react';
import type { DropdownProps } from 'antd';

const Dropdown = lazy(() => import('./dropdown').then((m) => ({ default: m.Dropdown })));

/**
 * antd's Dropdown for what every screen's header shows: its trigger is drawn at once and the menu's code
 * (antd's Menu, ≈ 17 KB served) follows it, off a rep's first screen (issue 16).
 */
export function LazyDropdown(props: DropdownProps) {
  return (
    <Suspense fallback={props.children}>
      <Dropdown {...props} />
    </Suspense>
  );
}
