import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Row, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DrugAttitude, LatLng, Visit } from '@pharma/contracts';
import { QueryError } from '../../../../components/query-error';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { useCan } from '../../../../lib/permissions';
import { useOrganization } from '../../../organizations';
import { useVisit } from '../../api/get-visit';
import { VisitDuration } from './duration';
import { ProofReasonList } from './proof-reason-list';
import { RatingForm } from '../../components/rating-form';
import { RatingView } from './rating-view';
import { VisitMap } from './visit-map';
import { VisitOrdersSlot } from './visit-orders-slot';
import { plannedRange } from '../../visit-dates';
import { ReviewTag } from './review-tag';
import { VisitStatusTag } from '../../components/visit-status-tag';

/** The organization's point for the proof reasons and the map (null when it has none or is out of reach). */
export function useOrganizationPoint(organizationId: number | undefined, enabled = true): LatLng | null {
  const organization = useOrganization(enabled ? organizationId : null);
  const o = organization.data;
  return o && o.lat !== null && o.lng !== null ? { lat: o.lat, lng: o.lng } : null;
}

/**
 * One visit unfolded (GET /api/visits/:id): what happened, the proof and its reasons, doctors met,
 * drug attitudes, remainders, positions on a map, the rating (and the prompt on a completed visit),
 * and the slot for the visit's orders and payments.
 */
export function VisitDetails({ visitId }: { visitId: number }) {
  const { t } = useTranslation('visitHistory');
  const query = useVisit(visitId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError)
    return <QueryError error={query.error} title={t('messages.visitLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <Details visit={query.data} />;
}

function Details({ visit: v }: { visit: Visit }) {
  const { t } = useTranslation('visitHistory');
  const organization = useOrganizationPoint(v.organizationId, !!(v.startPosition || v.endPosition));
  const text = (value: ReactNode) => (value === null || value === undefined || value === '' ? <span className="cell-muted">—</span> : value);
  const doctorName = new Map(v.doctors.map((d) => [d.doctorId, d.fullName]));
  const byDoctor = new Map<number, Visit['drugResults']>();
  for (const r of v.drugResults) byDoctor.set(r.doctorId, [...(byDoctor.get(r.doctorId) ?? []), r]);

  return (
    <Row gutter={[12, 12]} className="visit-details" data-visit-id={v.id}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('sections.visit')} className="visit-section">
          <Descriptions
            size="small"
            column={1}
            className="visit-facts"
            items={[
              { key: 'status', label: t('fields.status.label'), children: <VisitStatusTag status={v.status} /> },
              { key: 'planned', label: t('fields.planned.label'), children: plannedRange(v.plannedStart, v.plannedEnd) },
              { key: 'started', label: t('fields.startedAt.label'), children: text(formatDateTime(v.startedAt)) },
              { key: 'completed', label: t('fields.completedAt.label'), children: text(formatDateTime(v.completedAt)) },
              { key: 'duration', label: t('fields.duration.label'), children: <VisitDuration startedAt={v.startedAt} completedAt={v.completedAt} /> },
              {
                key: 'proof',
                label: t('fields.proofScore.label'),
                children:
                  v.proofScore === null ? (
                    text(null)
                  ) : (
                    <div>
                      <strong>{v.proofScore}</strong>
                      <ProofReasonList facts={{ ...v, organization }} />
                    </div>
                  ),
              },
              ...(v.review
                ? [
                    {
                      key: 'review',
                      label: t('fields.review.label'),
                      children: (
                        <div>
                          <ReviewTag review={v.review} />
                          {v.reviewedByName ? <span className="cell-muted">{` ${v.reviewedByName}, ${formatDateTime(v.reviewedAt)}`}</span> : null}
                          {v.reviewComment ? <div>{v.reviewComment}</div> : null}
                        </div>
                      ),
                    },
                  ]
                : []),
              ...(v.cancelReason ? [{ key: 'cancel', label: t('fields.cancelReason.label'), children: v.cancelReason }] : []),
              { key: 'comment', label: t('fields.comment.label'), children: text(v.comment) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('sections.positions')} className="visit-section">
          <Descriptions
            size="small"
            column={1}
            className="visit-facts"
            items={[
              { key: 'start', label: t('labels.startPosition'), children: <PositionText position={v.startPosition} /> },
              { key: 'end', label: t('labels.endPosition'), children: <PositionText position={v.endPosition} /> },
              {
                key: 'distance',
                label: t('fields.distance.label'),
                children: text(v.distanceM === null ? null : t('units.meters', { value: formatNumber(v.distanceM) })),
              },
            ]}
          />
          <VisitMap organizationName={v.organizationName} organization={organization} start={v.startPosition} end={v.endPosition} height={200} />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t(v.startedAt ? 'sections.doctors' : 'sections.plannedDoctors', { count: v.doctors.length })} className="visit-section">
          {v.doctors.length ? (
            <ul className="plain-list">
              {v.doctors.map((d) => (
                <li key={d.doctorId}>{d.fullName}</li>
              ))}
            </ul>
          ) : (
            <Empty text={t('messages.noDoctors')} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('sections.drugResults')} className="visit-section">
          {byDoctor.size ? (
            <div className="drug-results">
              {[...byDoctor.entries()].map(([doctorId, results]) => (
                <section key={doctorId}>
                  <Typography.Text strong>{doctorName.get(doctorId) ?? `#${doctorId}`}</Typography.Text>
                  <ul className="plain-list">
                    {results.map((r) => (
                      <li key={r.productId} className="drug-result">
                        <span className="drug-result__name">{r.productName}</span>
                        <span>
                          <AttitudeTag attitude={r.attitude} />
                          <Tag className="visit-tag">{t(`enums:medicationStatus.${r.medicationStatus}`)}</Tag>
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          ) : (
            <Empty text={t('common:messages.noData')} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('sections.remainders')} className="visit-section">
          {v.remainders.length ? (
            <ul className="plain-list remainders">
              {v.remainders.map((r) => (
                <li key={r.productId}>
                  <span>{r.productName}</span>
                  <strong className="mono">{formatNumber(r.quantity)}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <Empty text={t('messages.noRemains')} />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} xl={12}>
        <RatingSection visit={v} />
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('sections.orders')} className="visit-section">
          <VisitOrdersSlot visitId={v.id} />
        </Card>
      </Col>
    </Row>
  );
}

function PositionText({ position: p }: { position: Visit['startPosition'] }) {
  const { t } = useTranslation('visitHistory');
  if (!p) return <span className="cell-muted">—</span>;
  return <span className="mono">{t('labels.position', { lat: p.lat.toFixed(6), lng: p.lng.toFixed(6), accuracy: formatNumber(Math.round(p.accuracy)) })}</span>;
}

/** A small section's empty state: its words, without the picture, so an unfolded visit stays compact. */
function Empty({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary" className="section-empty">
      {text}
    </Typography.Text>
  );
}

const attitudeColors: Record<DrugAttitude, string> = {
  familiarPrescribes: 'green',
  familiarNotPrescribes: 'gold',
  notFamiliarNotPrescribes: 'red',
  none: 'default',
};

function AttitudeTag({ attitude }: { attitude: DrugAttitude }) {
  const { t } = useTranslation();
  return (
    <Tag color={attitudeColors[attitude]} className="visit-tag">
      {t(`enums:drugAttitude.${attitude}`)}
    </Tag>
  );
}

/** The rating: read-only stars, and on a completed visit the prompt (open at once when not rated yet). */
function RatingSection({ visit: v }: { visit: Visit }) {
  const { t } = useTranslation('visitHistory');
  const canRate = useCan('visits.edit') && v.status === 'completed';
  const [editing, setEditing] = useState(false);
  return (
    <Card
      size="small"
      title={t('sections.rating')}
      className="visit-section"
      extra={
        canRate && v.rating && !editing ? (
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('actions.changeRating')}
          </Button>
        ) : null
      }
    >
      {v.rating && !editing ? (
        <>
          <RatingView rating={v.rating} />
          {v.rating.comment ? <Typography.Paragraph className="rating-comment">{v.rating.comment}</Typography.Paragraph> : null}
          <Typography.Text type="secondary" className="rating-by">
            {t('labels.ratedBy', { name: v.rating.ratedByName, date: formatDateTime(v.rating.ratedAt) })}
          </Typography.Text>
        </>
      ) : canRate ? (
        <RatingForm visit={v} onSaved={() => setEditing(false)} />
      ) : (
        <Typography.Text type="secondary">{v.status === 'completed' ? t('messages.notRated') : t('messages.rateWhenCompleted')}</Typography.Text>
      )}
    </Card>
  );
}
