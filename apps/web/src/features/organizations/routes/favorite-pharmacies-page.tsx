import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useListParams } from '../../../lib/use-list-params';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationList } from '../components/organization-list';

/** /favorite-pharmacies: the organizations the user starred; the star takes one off. */
export function FavoritePharmaciesPage() {
  const { t } = useTranslation('organizations');
  const { size, filters, update } = useListParams(['q'] as const);
  const query = useOrganizations({ favorite: true, size, q: filters.q });
  return (
    <>
      <PageHeader title={t('nav:titles.favoritePharmacies')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap>
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
        </Flex>
        <OrganizationList
          query={query}
          errorTitle={t('messages.favoritesLoadError')}
          emptyText={filters.q ? t('messages.nothingFound') : t('messages.noFavorites')}
        />
      </Card>
    </>
  );
}
