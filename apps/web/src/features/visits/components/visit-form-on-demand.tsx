import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { VisitFormModal } from './visit-form';

const VisitForm = lazy(() => import('./visit-form').then((m) => ({ default: m.VisitFormModal })));

/**
 * The visit form of a rep's main screen, downloaded when a visit is first planned or edited: its date
 * picker and selects were a fifth of a rep's /main (issue 16). Once asked for it stays mounted, so it
 * closes with its animation.
 */
export function VisitFormOnDemand(props: ComponentProps<typeof VisitFormModal>) {
  const [asked, setAsked] = useState(false);
  if (props.target && !asked) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <VisitForm {...props} />
    </Suspense>
  ) : null;
}
