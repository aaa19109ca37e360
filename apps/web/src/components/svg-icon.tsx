import { createElement, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import './svg-icon.css';

function draw(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { ...node.attrs, key }, node.children?.map(draw));
}

/**
 * One of antd's icons (`@ant-design/icons-svg/es/asn/<Name>`) as plain SVG, for screens that load without
 * antd's icon component and its context (the sign-in screen, issue 16): 1em square, the text's colour,
 * hidden from assistive technology (the control around it carries the name).
 */
export function SvgIcon({ icon, className, spin = false }: { icon: IconDefinition; className?: string; spin?: boolean }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={['svg-icon', spin ? 'svg-icon--spin' : '', className ?? ''].filter(Boolean).join(' ')} aria-hidden="true">
      {createElement(node.tag, { ...node.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' }, node.children?.map(draw))}
    </span>
  );
}
