import { Card, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitStatuses, type VisitStatus } from '@pharma/contracts';
import { DateRangeFilter } from '../../../../components/date-range-filter';
import { PageHeader } from '../../../../components/page-header';
import { SearchInput } from '../../../../components/search-input';
import { useListParams, idFilter } from '../../../../lib/use-list-params';
import { phoneBelowPx, useWindowWidth } from '../../../../lib/use-window-width';
import { useVisits } from '../../api/get-visits';
import { RepresentativeFilter } from '../../components/representative-select';
import { useSeesTeam } from '../../components/visit-filters';
import { VisitCards, VisitsTable } from '../components/visit-list';
import '../visit-history.css';
import { useToday } from '../../../../lib/business-day';

const filterNames = ['q', 'from', 'to', 'status', 'representativeId'] as const;
const statusChoices = visitStatuses.filter((s) => s !== 'unknown');

/**
 * /history-visits: the visits in the user's scope, newest first — dates, status, representative
 * (managers), organization search; each visit unfolds into its doctors, drug attitudes,
 * remainders, positions, rating, and the slot for its orders and payments.
 */
export function HistoryVisitsPage() {
  const { t } = useTranslation('visitHistory');
  const phone = useWindowWidth() < phoneBelowPx;
  const seesOthers = useSeesTeam();
  const { page, size, sort, filters, update } = useListParams(filterNames);
  const status = (statusChoices as readonly string[]).includes(filters.status ?? '') ? (filters.status as VisitStatus) : undefined;
  const representativeId = seesOthers ? idFilter(filters.representativeId) : undefined;
  // history is what has happened: up to today unless the user picks another end (the plan is in the calendar)
  const today = useToday();
  const to = filters.to ?? (filters.from && filters.from > today ? undefined : today);
  const query = useVisits({ q: filters.q, from: filters.from, to, status, representativeId, page, size, sort: sort ?? '-plannedStart' });
  const filtered = !!(filters.q || filters.from || filters.to || status || representativeId);
  const list = {
    query,
    data: query.data,
    page,
    size,
    sort,
    onChange: update,
    showRepresentative: seesOthers,
    emptyText: filtered ? t('messages.noVisitsFound') : t('messages.noVisits'),
  };

  return (
    <>
      <PageHeader title={t('nav:titles.historyVisits')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap align="flex-start">
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
          <DateRangeFilter from={filters.from} to={to} onChange={(range) => update(range)} />
          <Select<VisitStatus>
            aria-label={t('fields.status.label')}
            placeholder={t('filters.anyStatus')}
            allowClear
            value={status}
            onChange={(value) => update({ status: value })}
            options={statusChoices.map((s) => ({ value: s, label: t(`enums:visitStatus.${s}`) }))}
            style={{ width: 170 }}
          />
          <RepresentativeFilter value={representativeId} onChange={(id) => update({ representativeId: id })} width={220} />
        </Flex>
        {phone ? <VisitCards {...list} /> : <VisitsTable {...list} sortable />}
      </Card>
    </>
  );
}
