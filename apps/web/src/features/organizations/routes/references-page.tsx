import { Card, Tabs } from 'antd';
import { EnvironmentOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { hrefOf } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationFilters } from '../components/organization-filters';
import { OrganizationList } from '../components/organization-list';
import { organizationTabKeys, useOrganizationFilters, type OrganizationTab } from '../components/use-organization-filters';
import { organizationPaths } from '../paths';

/**
 * /references: every organization the user works with — tabs by type, search in either script,
 * filters in the URL, infinite scroll; blocked ones marked.
 */
export function ReferencesPage() {
  const { t } = useTranslation('organizations');
  const canEdit = useCan('organizations.edit');
  const filters = useOrganizationFilters();
  const query = useOrganizations(filters.params);

  return (
    <>
      <PageHeader
        title={t('nav:titles.references')}
        extra={
          <>
            <LinkButton to={hrefOf('referencesNew')} icon={<EnvironmentOutlined />}>
              {t('actions.mapView')}
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
        <OrganizationList query={query} emptyText={filters.active ? t('messages.nothingFound') : undefined} />
      </Card>
    </>
  );
}

export function TypeTabs({ tab, onChange }: { tab: OrganizationTab; onChange: (tab: OrganizationTab) => void }) {
  const { t } = useTranslation('organizations');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onChange(key as OrganizationTab)}
      items={organizationTabKeys.map((key) => ({ key, label: t(`tabs.${key}`), icon: key === 'all' ? <UnorderedListOutlined /> : undefined }))}
    />
  );
}
