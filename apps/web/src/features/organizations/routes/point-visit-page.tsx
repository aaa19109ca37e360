import { useMemo } from 'react';
import { Alert, Button, Card, Collapse, Empty, Flex, Segmented, Skeleton, Typography } from 'antd';
import { AimOutlined, CompassOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { nearbyRadiusM, pointVisitTypes, type Organization, type OrganizationType } from '@pharma/contracts';
import { InfiniteFooter } from '../../../components/infinite-footer';
import { MapView } from '../../../components/map/map-view';
import type { MapPoint } from '../../../components/map/types';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchInput } from '../../../components/search-input';
import { formatNumber } from '../../../lib/format';
import { useCurrentPosition, type Position } from '../../../lib/geolocation';
import { useListParams } from '../../../lib/use-list-params';
import { useNearbyOrganizations } from '../api/get-nearby-organizations';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationCard } from '../components/organization-card';
import { StartVisitButton } from '../components/start-visit-button';
import { organizationPaths } from '../paths';

type Mode = 'name' | 'nearby';
type Kind = 'all' | 'pharmacies' | 'medical';
const kinds: Record<Kind, readonly OrganizationType[]> = {
  all: pointVisitTypes,
  pharmacies: ['pharmacy'],
  medical: ['hospital', 'healthcare'],
};

/** /point-visit: find a pharmacy or healthcare facility to visit — by name, or within 200 m of the user. Built for a phone. */
export function PointVisitPage() {
  return <PointVisitScreen defaultMode="name" titleKey="nav:titles.pointVisit" />;
}

/** /nearby-organizations: the same search, opened on what is near. */
export function NearbyOrganizationsPage() {
  return <PointVisitScreen defaultMode="nearby" titleKey="nav:titles.nearbyOrganizations" />;
}

function PointVisitScreen({ defaultMode, titleKey }: { defaultMode: Mode; titleKey: string }) {
  const { t } = useTranslation('organizations');
  const { filters, update } = useListParams(['mode', 'q', 'kind'] as const);
  const mode: Mode = filters.mode === 'name' || filters.mode === 'nearby' ? filters.mode : defaultMode;
  const kind: Kind = filters.kind === 'pharmacies' || filters.kind === 'medical' ? filters.kind : 'all';
  const here = useCurrentPosition({ auto: true });

  return (
    <div className="phone-screen">
      <PageHeader title={t(titleKey)} />
      <Flex vertical gap={12}>
        <Segmented<Mode>
          block
          size="large"
          value={mode}
          onChange={(value) => update({ mode: value === defaultMode ? undefined : value })}
          options={[
            { value: 'name', label: t('pointVisit.byName'), icon: <SearchOutlined /> },
            { value: 'nearby', label: t('pointVisit.nearby'), icon: <CompassOutlined /> },
          ]}
        />
        <Segmented<Kind>
          block
          value={kind}
          onChange={(value) => update({ kind: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('pointVisit.all') },
            { value: 'pharmacies', label: t('tabs.pharmacies') },
            { value: 'medical', label: t('tabs.medical') },
          ]}
        />
        <PositionBar here={here} />
        {mode === 'name' ? (
          <ByName q={filters.q} onSearch={(q) => update({ q })} types={kinds[kind]} position={here.position} />
        ) : (
          <Nearby types={kinds[kind]} here={here} />
        )}
      </Flex>
    </div>
  );
}

type Here = ReturnType<typeof useCurrentPosition>;

/** Where the user is (or why it is unknown), with a button to read the position again. */
function PositionBar({ here }: { here: Here }) {
  const { t } = useTranslation('maps');
  if (here.status === 'failed') {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={t(`geolocation.${here.error}`)}
        description={
          <Flex vertical gap={8} align="flex-start">
            {here.error === 'denied' || here.error === 'unsupported' ? <span>{t('geolocation.mustEnable')}</span> : null}
            {here.error === 'unsupported' ? null : (
              <Button icon={<ReloadOutlined />} onClick={here.locate}>
                {t('common:actions.retry')}
              </Button>
            )}
          </Flex>
        }
      />
    );
  }
  return (
    <Flex align="center" justify="space-between" gap={8} className="position-bar">
      <Typography.Text type="secondary" aria-live="polite">
        <AimOutlined />{' '}
        {here.status === 'locating'
          ? t('geolocation.locating')
          : here.position
            ? here.position.accuracy
              ? t('geolocation.accuracy', { meters: formatNumber(Math.round(here.position.accuracy)) })
              : t('geolocation.located')
            : t('geolocation.unknownPosition')}
      </Typography.Text>
      <Button size="large" icon={<ReloadOutlined />} loading={here.status === 'locating'} onClick={here.locate}>
        {t('actions.updatePosition')}
      </Button>
    </Flex>
  );
}

function ResultCards({ items }: { items: Organization[] }) {
  return (
    <div className="org-cards">
      {items.map((o) => (
        <OrganizationCard key={o.id} organization={o} actions={<StartVisitButton organization={o} block showReason={false} />} />
      ))}
    </div>
  );
}

function ByName({
  q,
  onSearch,
  types,
  position,
}: {
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  types: readonly OrganizationType[];
  position: Position | null;
}) {
  const { t } = useTranslation('organizations');
  const query = useOrganizations(
    {
      q,
      type: types,
      size: 25,
      lat: position ? Math.round(position.lat * 1e5) / 1e5 : undefined,
      lng: position ? Math.round(position.lng * 1e5) / 1e5 : undefined,
    },
    { enabled: !!q },
  );
  const items = query.data?.pages.flatMap((p) => p.items);

  let body;
  if (!q) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pointVisit.typeName')} />;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError && !items) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (!items || items.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.nothingFound')} />;
  else
    body = (
      <>
        <ResultCards items={items} />
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
        <SearchInput value={q} onSearch={onSearch} label={t('pointVisit.searchLabel')} />
      </div>
      {body}
    </>
  );
}

function Nearby({ types, here }: { types: readonly OrganizationType[]; here: Here }) {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const position = here.position;
  const query = useNearbyOrganizations(position ? { lat: position.lat, lng: position.lng, type: types } : null);
  const items = query.data?.items;

  const points = useMemo<MapPoint[]>(() => {
    const list: MapPoint[] = (items ?? [])
      .filter((o) => o.lat !== null && o.lng !== null)
      .map((o) => ({
        id: o.id,
        lat: o.lat!,
        lng: o.lng!,
        title: o.name,
        tone: o.blocked ? 'blocked' : 'primary',
        onSelect: () => void navigate(organizationPaths.detail(o.id)),
      }));
    if (position) list.push({ id: 'me', lat: position.lat, lng: position.lng, title: t('maps:labels.myPosition'), tone: 'user' });
    return list;
  }, [items, position, navigate, t]);

  if (!position) {
    // without a position the bar above says why
    return here.status === 'failed' ? null : <Skeleton active paragraph={{ rows: 4 }} />;
  }
  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.items.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noneNearby')} />;
  else body = <ResultCards items={query.data.items} />;

  return (
    <>
      <Card size="small" variant="borderless" styles={{ body: { padding: 0 } }}>
        <Collapse
          ghost
          destroyOnHidden
          items={[
            {
              key: 'map',
              label: t('pointVisit.showMap', { radius: nearbyRadiusM }),
              children: (
                <MapView
                  label={t('pointVisit.mapLabel', { radius: nearbyRadiusM })}
                  points={points}
                  circle={{ center: position, radius: nearbyRadiusM }}
                  center={position}
                  zoom={16}
                  height={280}
                />
              ),
            },
          ]}
        />
      </Card>
      {body}
    </>
  );
}
