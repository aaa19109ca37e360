import { Flex } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { VisitSummary } from '@pharma/contracts';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { VisitActions } from './visit-actions';
import { plannedRange } from '../visit-dates';
import { VisitStatusTag, visitStatusStripe } from './visit-status-tag';
import './visit-card.css';

/**
 * A visit as a card for a phone: time and status on top, the organization, the representative
 * (for a manager), the comment, and its actions at thumb reach. The time is without its date
 * (`showDate` adds it) where the list shows the day.
 */
export function VisitCard({
  visit,
  onEdit,
  showRepresentative = false,
  showDate = false,
}: {
  visit: VisitSummary;
  onEdit: (visit: VisitSummary) => void;
  showRepresentative?: boolean;
  showDate?: boolean;
}) {
  const { t } = useTranslation('visits');
  // thumb-sized on a phone, ordinary at a desk
  const size = useWindowWidth() < phoneBelowPx ? 'large' : 'middle';
  return (
    <article
      className={`surface-card visit-card visit-card--${visit.status}`}
      style={visitStatusStripe(visit.status)}
      data-testid="visit-card"
      aria-label={visit.organizationName}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <strong className="visit-card__time">{plannedRange(visit.plannedStart, visit.plannedEnd, { date: showDate })}</strong>
        <VisitStatusTag status={visit.status} />
      </Flex>
      <h3 className="visit-card__title">{visit.organizationName}</h3>
      {showRepresentative ? (
        <div className="visit-card__meta">
          <UserOutlined /> <span className="sr-only">{t('fields.representativeId.label')}: </span>
          {visit.representativeName}
        </div>
      ) : null}
      {visit.comment ? (
        <p className="visit-card__comment text-secondary text-clamp-2" title={visit.comment}>
          {visit.comment}
        </p>
      ) : null}
      <div className="visit-card__actions">
        <VisitActions visit={visit} onEdit={onEdit} size={size} card />
      </div>
    </article>
  );
}
