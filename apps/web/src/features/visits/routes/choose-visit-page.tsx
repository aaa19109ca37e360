import { useState } from 'react';
import { Alert, Button, Empty, Flex, Segmented, Skeleton, Tabs } from 'antd';
import { CalendarOutlined, EnvironmentOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { nearbyRadiusM, type GeocodeResult, type Organization, type VisitSummary } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { InfiniteFooter } from '../../../components/infinite-footer';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchInput } from '../../../components/search-input';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useListParams } from '../../../lib/use-list-params';
import { AddressSearch } from '../../maps';
import { useNearbyOrganizations, useOrganization, useOrganizations, OrganizationCard, StartVisitButton } from '../../organizations';
import { useVisits } from '../api/get-visits';
import { VisitCard } from '../components/visit-card';
import { VisitFormModal, type VisitFormTarget } from '../components/visit-form';
import { useToday } from '../../../lib/business-day';
import '../components/visits.css';

type Tab = 'today' | 'find';
type Mode = 'name' | 'address';

/**
 * /choose-visit: where to go now — today's visits, or any organization found by name or by address
 * (autocomplete; an address shows the organizations around it), to plan a visit there or start one.
 */
export function ChooseVisitPage() {
  const { t } = useTranslation(['visits', 'organizations']);
  const { filters, update } = useListParams(['tab', 'mode', 'q'] as const);
  const tab: Tab = filters.tab === 'find' ? 'find' : 'today';
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  const today = useToday();
  const plan = (organizationId: number) => setTarget({ mode: 'create', date: today, organizationId });

  return (
    <div className="phone-screen">
      <PageHeader title={t('nav:titles.chooseVisit')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'today' ? undefined : key, mode: undefined, q: undefined })}
        size="large"
        items={[
          {
            key: 'today',
            label: (
              <span>
                <CalendarOutlined /> {t('tabs.today')}
              </span>
            ),
            children: <TodayTab onFind={() => update({ tab: 'find' })} />,
          },
          {
            key: 'find',
            label: (
              <span>
                <SearchOutlined /> {t('tabs.find')}
              </span>
            ),
            children: <FindTab mode={filters.mode === 'address' ? 'address' : 'name'} q={filters.q} update={update} onPlan={plan} />,
          },
        ]}
      />
      <VisitFormModal target={target} onClose={() => setTarget(null)} />
    </div>
  );
}

function TodayTab({ onFind }: { onFind: () => void }) {
  const { t } = useTranslation(['visits', 'organizations']);
  const userId = useSession().user?.id;
  const date = useToday();
  const visits = useVisits({ from: date, to: date, page: 1, size: 100, sort: 'plannedStart', representativeId: userId });
  const [target, setTarget] = useState<VisitFormTarget | null>(null);
  const items = (visits.data?.items ?? []).filter((v) => v.status === 'planned' || v.status === 'overdue' || v.status === 'in_progress');
  const edit = (v: VisitSummary) => setTarget({ mode: 'edit', id: v.id });

  let body;
  if (visits.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (visits.isError && !visits.data)
    body = <QueryError error={visits.error} title={t('messages.visitsError')} onRetry={() => void visits.refetch()} retrying={visits.isFetching} />;
  else if (!items.length)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.nothingLeftToday')}>
        <Button type="primary" size="large" icon={<SearchOutlined />} onClick={onFind}>
          {t('actions.findOrganization')}
        </Button>
      </Empty>
    );
  else
    body = (
      <div className="visit-cards">
        {items.map((v) => (
          <VisitCard key={v.id} visit={v} onEdit={edit} />
        ))}
      </div>
    );
  return (
    <>
      {body}
      <VisitFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function FindTab({
  mode,
  q,
  update,
  onPlan,
}: {
  mode: Mode;
  q: string | undefined;
  update: (patch: Record<string, string | undefined>) => void;
  onPlan: (organizationId: number) => void;
}) {
  const { t } = useTranslation(['visits', 'organizations']);
  return (
    <Flex vertical gap={12}>
      <Segmented<Mode>
        block
        size="large"
        value={mode}
        onChange={(next) => update({ mode: next === 'name' ? undefined : next, q: undefined })}
        options={[
          { value: 'name', label: t('choose.byName'), icon: <SearchOutlined /> },
          { value: 'address', label: t('choose.byAddress'), icon: <EnvironmentOutlined /> },
        ]}
      />
      {mode === 'name' ? <ByName q={q} onSearch={(next) => update({ q: next })} onPlan={onPlan} /> : <ByAddress onPlan={onPlan} />}
    </Flex>
  );
}

/** The two ways on from an organization: plan a visit there, or start one now. */
function CardActions({ organization, onPlan }: { organization: Organization; onPlan: (id: number) => void }) {
  const { t } = useTranslation(['visits', 'organizations']);
  const canPlan = useCan('visits.edit');
  if (!canPlan) return null;
  return (
    <Flex gap={8} wrap>
      <Button size="large" icon={<PlusOutlined />} disabled={organization.blocked} onClick={() => onPlan(organization.id)}>
        {t('actions.planVisit')}
      </Button>
      <StartVisitButton organization={organization} showReason={false} />
    </Flex>
  );
}

function Cards({ items, onPlan }: { items: Organization[]; onPlan: (id: number) => void }) {
  return (
    <div className="org-cards">
      {items.map((o) => (
        <OrganizationCard key={o.id} organization={o} actions={<CardActions organization={o} onPlan={onPlan} />} />
      ))}
    </div>
  );
}

function ByName({ q, onSearch, onPlan }: { q: string | undefined; onSearch: (q: string | undefined) => void; onPlan: (id: number) => void }) {
  const { t } = useTranslation(['visits', 'organizations']);
  const query = useOrganizations({ q, size: 25 }, { enabled: !!q });
  const items = query.data?.pages.flatMap((p) => p.items);
  let body;
  if (!q) body = <EmptyState description={t('choose.typeName')} />;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError && !items) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!items?.length) body = <EmptyState description={t('choose.nothingFound')} />;
  else
    body = (
      <>
        <Cards items={items} onPlan={onPlan} />
        <InfiniteFooter
          shown={items.length}
          total={query.data?.pages[0]?.total}
          hasMore={!!query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      </>
    );
  return (
    <>
      <div className="phone-search">
        <SearchInput value={q} onSearch={onSearch} label={t('filters.organizationSearch')} />
      </div>
      {body}
    </>
  );
}

function ByAddress({ onPlan }: { onPlan: (id: number) => void }) {
  const { t } = useTranslation(['visits', 'organizations']);
  const [place, setPlace] = useState<GeocodeResult | null>(null);
  return (
    <>
      <AddressSearch onSelect={setPlace} id="choose-address" />
      {!place ? (
        <EmptyState description={t('choose.typeAddress')} />
      ) : place.organizationId ? (
        <OwnOrganization id={place.organizationId} onPlan={onPlan} />
      ) : (
        <Around place={place} onPlan={onPlan} />
      )}
    </>
  );
}

function OwnOrganization({ id, onPlan }: { id: number; onPlan: (id: number) => void }) {
  const organization = useOrganization(id);
  if (organization.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (organization.isError) return <QueryError error={organization.error} onRetry={() => void organization.refetch()} retrying={organization.isFetching} />;
  return <Cards items={[organization.data]} onPlan={onPlan} />;
}

function Around({ place, onPlan }: { place: GeocodeResult; onPlan: (id: number) => void }) {
  const { t } = useTranslation(['visits', 'organizations']);
  const nearby = useNearbyOrganizations({ lat: place.lat, lng: place.lng });
  if (nearby.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (nearby.isError) return <QueryError error={nearby.error} onRetry={() => void nearby.refetch()} retrying={nearby.isFetching} />;
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon title={t('choose.around', { address: place.label, radius: nearbyRadiusM })} />
      {nearby.data.items.length ? <Cards items={nearby.data.items} onPlan={onPlan} /> : <EmptyState description={t('organizations:messages.noneNearby')} />}
    </Flex>
  );
}
