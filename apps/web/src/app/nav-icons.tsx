import { lazy, Suspense } from 'react';
import type { navIconSet } from './nav-icons-set';

export type NavIconName = keyof typeof navIconSet;

const NavIconOf = lazy(() => import('./nav-icons-set').then((m) => ({ default: m.NavIconOf })));

/**
 * An icon of the nav registry by name. The set's SVG paths (≈ 25 KB served) are not on a rep's first
 * screen, where the phone's menu is closed (issue 16): until they come, an empty square of the icon's size.
 */
export function NavIcon({ name, className }: { name: NavIconName; className?: string }) {
  const box = <span className={['anticon', className].filter(Boolean).join(' ')} style={{ width: '1em', height: '1em' }} aria-hidden="true" />;
  return (
    <Suspense fallback={box}>
      <NavIconOf name={name} className={className} />
    </Suspense>
  );
}
