import { useState } from 'react';
import { App, Button, Card, Col, Flex, Input, Row, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ReviewVisitBody, VisitSummary } from '@pharma/contracts';
import { ConfirmButton } from '../../../../components/confirm-button';
import { errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { useVisit } from '../../api/get-visit';
import { useReviewVisit } from '../../api/review-visit';
import { visitPaths } from '../../paths';
import { VisitDuration } from './duration';
import { plannedRange } from '../../visit-dates';
import { ProofReasonList } from './proof-reason-list';
import { scoreTone } from './proof-score';
import { useInView } from './use-in-view';
import { useOrganizationPoint } from './visit-details';
import { VisitMap } from './visit-map';
import { ReviewTag } from './review-tag';
import '../../components/visit-card.css';

/**
 * One questionable visit in the manager's queue: who, where, when, the score and every reason
 * spelled out with its figures, a small map of the organization and the start and end positions,
 * and — while pending — Accept or Reject (confirmed) with an optional comment. The visit's
 * positions and map load when the card scrolls into view.
 */
export function ReviewCard({ visit }: { visit: VisitSummary }) {
  const { t } = useTranslation('visitHistory');
  const { message } = App.useApp();
  const { ref, seen } = useInView<HTMLDivElement>();
  const detail = useVisit(visit.id, { enabled: seen });
  const organization = useOrganizationPoint(visit.organizationId, seen);
  const review = useReviewVisit();
  const [comment, setComment] = useState('');
  const d = detail.data;

  const decide = (decision: ReviewVisitBody['decision']) =>
    review.mutateAsync({ id: visit.id, body: { decision, comment: comment.trim() || null } }).then(
      () => void message.success(decision === 'accepted' ? t('messages.accepted') : t('messages.rejected')),
      (error: unknown) => void message.error(errorMessage(error)),
    );

  return (
    <Card size="small" className={`review-card review-card--${visit.review ?? 'pending'}`} data-visit-id={visit.id}>
      <div ref={ref}>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          <div className="review-card__head">
            <Link to={visitPaths.history(visit.organizationId)} className="review-card__title org-link">
              {visit.organizationName}
            </Link>
            <div className="cell-muted">
              {visit.representativeName} · {plannedRange(visit.plannedStart, visit.plannedEnd)}
            </div>
          </div>
          <Flex gap={8} align="center">
            {visit.proofScore !== null ? (
              <span className={`proof-badge proof-score--${scoreTone(visit.proofScore)}`} aria-label={t('labels.proofScore', { score: visit.proofScore })}>
                {visit.proofScore}
              </span>
            ) : null}
            {visit.review ? <ReviewTag review={visit.review} /> : null}
          </Flex>
        </Flex>
        <Row gutter={[16, 12]} className="review-card__body">
          <Col xs={24} md={13}>
            <dl className="visit-card__facts">
              <div>
                <dt>{t('fields.startedAt.label')}</dt>
                <dd>{formatDateTime(visit.startedAt) || '—'}</dd>
              </div>
              <div>
                <dt>{t('fields.duration.label')}</dt>
                <dd>
                  <VisitDuration startedAt={visit.startedAt} completedAt={visit.completedAt} />
                </dd>
              </div>
            </dl>
            <Typography.Text strong className="review-card__reasons-title">
              {t('labels.reasons')}
            </Typography.Text>
            <ProofReasonList facts={{ ...visit, ...(d ?? {}), organization }} className="proof-reasons--card" />
            {visit.review === 'pending' ? (
              <div className="review-card__decision">
                <Input.TextArea
                  rows={2}
                  maxLength={500}
                  value={comment}
                  onChange={(e) => setComment(e.target.value)}
                  placeholder={t('fields.reviewComment.placeholder')}
                  aria-label={t('fields.reviewComment.label')}
                />
                <Flex gap={8} wrap className="review-card__buttons">
                  <Button
                    type="primary"
                    icon={<CheckOutlined />}
                    loading={review.isPending && review.variables?.body.decision === 'accepted'}
                    onClick={() => void decide('accepted')}
                  >
                    {t('actions.accept')}
                  </Button>
                  <ConfirmButton
                    danger
                    icon={<CloseOutlined />}
                    question={t('messages.confirmReject')}
                    loading={review.isPending && review.variables?.body.decision === 'rejected'}
                    onConfirm={() => decide('rejected')}
                  >
                    {t('actions.reject')}
                  </ConfirmButton>
                </Flex>
              </div>
            ) : (
              <Typography.Paragraph type="secondary" className="review-card__outcome">
                {t('labels.reviewedBy', { name: visit.reviewedByName ?? '—', date: formatDateTime(visit.reviewedAt) })}
                {visit.reviewComment ? (
                  <>
                    <br />
                    <span className="review-card__comment">{visit.reviewComment}</span>
                  </>
                ) : null}
              </Typography.Paragraph>
            )}
          </Col>
          <Col xs={24} md={11}>
            {d ? (
              d.startPosition || d.endPosition ? (
                <VisitMap organizationName={visit.organizationName} organization={organization} start={d.startPosition} end={d.endPosition} height={200} />
              ) : (
                <Typography.Text type="secondary">{t('messages.noPositions')}</Typography.Text>
              )
            ) : (
              <div className="map-slot" aria-hidden="true" />
            )}
          </Col>
        </Row>
      </div>
    </Card>
  );
}
