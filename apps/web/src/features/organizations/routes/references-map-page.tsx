import { useMemo } from 'react';
import { Card, Col, Row } from 'antd';
import { PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { MapView } from '../../../components/map/map-view';
import type { MapPoint } from '../../../components/map/types';
import { PageHeader } from '../../../components/page-header';
import { hrefOf } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationFilters } from '../components/organization-filters';
import { OrganizationList, rowsOf } from '../components/organization-list';
import { useOrganizationFilters } from '../components/use-organization-filters';
import { organizationPaths } from '../paths';
import { TypeTabs } from './references-page';

/** /references-new: the same organizations with a map of those loaded so far; a marker opens its organization. */
export function ReferencesMapPage() {
  const { t } = useTranslation('organizations');
  const navigate = useNavigate();
  const canEdit = useCan('organizations.edit');
  const filters = useOrganizationFilters();
  const query = useOrganizations(filters.params);
  const rows = rowsOf(query);

  const points = useMemo<MapPoint[]>(
    () =>
      (rows ?? [])
        .filter((o) => o.lat !== null && o.lng !== null)
        .map((o) => ({
          id: o.id,
          lat: o.lat!,
          lng: o.lng!,
          title: o.blocked ? `${o.name} — ${t('enums:blocked.true')}` : o.name,
          tone: o.blocked ? 'blocked' : 'primary',
          onSelect: () => void navigate(organizationPaths.detail(o.id)),
        })),
    [rows, navigate, t],
  );

  return (
    <>
      <PageHeader
        title={t('nav:titles.referencesNew')}
        extra={
          <>
            <LinkButton to={hrefOf('references')} icon={<UnorderedListOutlined />}>
              {t('actions.listView')}
            </LinkButton>
            {canEdit ? (
              <LinkButton to={organizationPaths.add()} type="primary" icon={<PlusOutlined />}>
                {t('actions.add')}
              </LinkButton>
            ) : null}
          </>
        }
      />
      <Card variant="borderless" styles={{ body: { padding: '4px 12px 12px' } }}>
        <TypeTabs tab={filters.tab} onChange={(tab) => filters.update({ tab: tab === 'all' ? undefined : tab })} />
        <OrganizationFilters filters={filters} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14} style={{ minWidth: 0 }}>
            <OrganizationList query={query} emptyText={filters.active ? t('messages.nothingFound') : undefined} />
          </Col>
          <Col xs={24} xl={10}>
            <div className="sticky-map">
              <MapView label={t('labels.organizationsMap')} points={points} fitPoints height={520} />
            </div>
          </Col>
        </Row>
      </Card>
    </>
  );
}
