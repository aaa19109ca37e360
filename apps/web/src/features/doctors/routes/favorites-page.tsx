import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useListParams } from '../../../lib/use-list-params';
import { useDoctors } from '../api/get-doctors';
import { DoctorsTable } from '../components/doctors-table';

/** /favorites: the user's favorite doctors; the star takes one off the list. */
export function FavoritesPage() {
  const { t } = useTranslation('doctors');
  const { page, size, filters, update } = useListParams(['q'] as const);
  const query = useDoctors({ favorite: true, page, size, q: filters.q, sort: 'fullName' });
  return (
    <>
      <PageHeader title={t('nav:titles.favorites')} />
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Flex className="toolbar" gap={8} wrap>
          <SearchInput value={filters.q} onSearch={(q) => update({ q })} label={t('fields.search.label')} />
        </Flex>
        <DoctorsTable
          query={query}
          page={page}
          size={size}
          onPage={(p, s) => update({ page: p, size: s })}
          showOrganization
          emptyText={filters.q ? t('messages.noDoctors') : t('messages.noFavorites')}
        />
      </Card>
    </>
  );
}
