import type { SearchHit } from '@pharma/contracts';
import { kindIcons, useHitSubtitle, useHitTitle } from './search-hit';

/** A hit's icon, title and subtitle (the inside of a row of the palette or of the page). */
export function SearchHitContent({ hit }: { hit: SearchHit }) {
  const titleOf = useHitTitle();
  const subtitleOf = useHitSubtitle();
  const subtitle = subtitleOf(hit);
  return (
    <>
      <span className="search-hit__icon" aria-hidden="true">
        {kindIcons[hit.kind]}
      </span>
      <span className="search-hit__text">
        <span className="search-hit__title">{titleOf(hit)}</span>
        {subtitle ? <span className="search-hit__subtitle">{subtitle}</span> : null}
      </span>
    </>
  );
}
