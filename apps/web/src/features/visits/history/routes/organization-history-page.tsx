import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visitStatuses, type OrganizationHistory } from '@pharma/contracts';
import { DateRangeFilter } from '../../../../components/date-range-filter';
import { LinkButton } from '../../../../components/link-button';
import { NotFound } from '../../../../components/not-found';
import { PageHeader } from '../../../../components/page-header';
import { QueryError } from '../../../../components/query-error';
import { isApiError } from '../../../../lib/api-client';
import { formatDate, formatNumber } from '../../../../lib/format';
import { useListParams } from '../../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../../lib/use-window-width';
import { useOrganization, OrganizationTypeTag, organizationPaths } from '../../../organizations';
import { useOrganizationHistory } from '../../api/get-organization-history';
import { scoreTone } from '../components/proof-score';
import { RatingView } from '../components/rating-view';
import { useSeesTeam } from '../../components/visit-filters';
import { VisitStatusTag } from '../../components/visit-status-tag';
import { VisitCards, VisitsTable } from '../components/visit-list';
import '../visit-history.css';
import { useToday } from '../../../../lib/business-day';

const filterNames = ['from', 'to'] as const;

/**
 * /history/:id (id = organization): the organization, a period, its statistics (visits by status,
 * the last visit, doctors met, the average proof score, the average stars per criterion) and its
 * visits newest first, each with the rating prompt once completed.
 */
export function OrganizationHistoryPage() {
  const { t } = useTranslation('visitHistory');
  const { id: idParam } = useParams();
  const id = Number(idParam) > 0 ? Number(idParam) : null;
  const phone = useWindowWidth() < phoneBelowPx;
  const seesOthers = useSeesTeam();
  const { page, size, filters, update } = useListParams(filterNames);
  // what has happened: up to today unless the user picks another end
  const today = useToday();
  const to = filters.to ?? (filters.from && filters.from > today ? undefined : today);
  const query = useOrganizationHistory(id, { from: filters.from, to, page, size });
  const organization = useOrganization(id);

  if (!id) return <NotFound />;
  if (query.isError && !query.data) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return <QueryError error={query.error} title={t('messages.visitsLoadError')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const o = organization.data;
  const name = query.data?.organizationName ?? o?.name;
  const list = {
    query,
    data: query.data?.visits,
    page,
    size,
    onChange: update,
    showOrganization: false,
    showRepresentative: seesOthers,
    rateAction: true,
    emptyText: t('messages.noVisitsFound'),
  };

  return (
    <>
      <PageHeader
        title={name ?? <Skeleton.Input active size="small" />}
        subtitle={
          <Flex gap={6} wrap align="center" component="span" style={{ marginTop: 4 }}>
            {o ? <OrganizationTypeTag type={o.type} /> : null}
            <span>{t('nav:titles.history')}</span>
            {o?.address ? <span className="cell-muted">· {o.address}</span> : null}
          </Flex>
        }
        extra={
          <LinkButton to={organizationPaths.detail(id)} icon={<ShopOutlined />}>
            {t('actions.organizationCard')}
          </LinkButton>
        }
      />
      <Flex className="toolbar" gap={8} wrap align="center">
        <DateRangeFilter from={filters.from} to={to} onChange={(range) => update(range)} />
      </Flex>
      {query.data ? <Statistics history={query.data} /> : <Skeleton active paragraph={{ rows: 4 }} />}
      <Card variant="borderless" title={t('sections.visits')} styles={{ body: { padding: 12 } }} style={{ marginTop: 16 }}>
        {phone ? <VisitCards {...list} /> : <VisitsTable {...list} />}
      </Card>
    </>
  );
}

function Statistics({ history }: { history: OrganizationHistory }) {
  const { t } = useTranslation('visitHistory');
  const s = history.statistics;
  const byStatus = visitStatuses.filter((status) => (s.byStatus[status] ?? 0) > 0);
  const stat = (key: string, title: string, value: ReactNode, extra?: string) => (
    <Col xs={12} md={6} key={key}>
      <Statistic title={title} value={value as string} className={`history-stat ${extra ?? ''}`} />
    </Col>
  );
  return (
    <Row gutter={[16, 16]} className="history-statistics" aria-label={t('sections.statistics')} role="region">
      <Col xs={24} lg={14}>
        <Card variant="borderless" title={t('sections.statistics')} size="small" className="stat-card">
          <Row gutter={[16, 16]}>
            {stat('visits', t('stats.visits'), formatNumber(s.visits))}
            {stat('last', t('stats.lastVisit'), s.lastVisitAt ? formatDate(s.lastVisitAt) : '—')}
            {stat('doctors', t('stats.doctorsMet'), formatNumber(s.doctorsMet))}
            {stat(
              'proof',
              t('stats.averageProofScore'),
              s.averageProofScore === null ? '—' : formatNumber(s.averageProofScore, Number.isInteger(s.averageProofScore) ? 0 : 1),
              s.averageProofScore === null ? '' : `history-stat--${scoreTone(s.averageProofScore)}`,
            )}
          </Row>
          <div className="history-by-status" aria-label={t('stats.byStatus')}>
            <Typography.Text type="secondary">{t('stats.byStatus')}</Typography.Text>
            <Flex gap={6} wrap>
              {byStatus.length ? (
                byStatus.map((status) => (
                  <span key={status} className="status-count" data-status={status}>
                    <VisitStatusTag status={status} />
                    <strong>{formatNumber(s.byStatus[status])}</strong>
                  </span>
                ))
              ) : (
                <Tag>{t('messages.noVisits')}</Tag>
              )}
            </Flex>
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card variant="borderless" title={t('sections.averageRating')} size="small" className="stat-card">
          {s.rating ? <RatingView rating={s.rating} /> : <Typography.Text type="secondary">{t('messages.noRatings')}</Typography.Text>}
        </Card>
      </Col>
    </Row>
  );
}
