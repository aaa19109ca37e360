import { App, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Organization } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { FavoriteStar } from '../../../components/favorite-star';
import { InfiniteFooter } from '../../../components/infinite-footer';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useSetFavoriteOrganization } from '../api/set-favorite-organization';
import { OrganizationCard } from './organization-card';
import { OrganizationsTable, type InfiniteOrganizations } from './organizations-table';

export function rowsOf(query: InfiniteOrganizations): Organization[] | undefined {
  return query.data?.pages.flatMap((p) => p.items);
}

/**
 * An infinite organization list: a table on a desk, cards on a phone, the next chunk loading as the
 * end comes into view. `errorTitle` replaces 'Data loading error!' where the spec has its own words.
 */
export function OrganizationList({ query, emptyText, errorTitle }: { query: InfiniteOrganizations; emptyText?: string; errorTitle?: string }) {
  const phone = useWindowWidth() < phoneBelowPx;
  const rows = rowsOf(query);
  const total = query.data?.pages[0]?.total;
  const footer = (
    <InfiniteFooter
      shown={rows?.length ?? 0}
      total={total}
      hasMore={!!query.hasNextPage}
      loading={query.isFetchingNextPage}
      onMore={() => void query.fetchNextPage()}
    />
  );
  if (query.isError && !rows) return <QueryError error={query.error} title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <>
      {phone ? <OrganizationCards query={query} rows={rows} emptyText={emptyText} /> : <OrganizationsTable query={query} rows={rows} emptyText={emptyText} />}
      {footer}
    </>
  );
}

function OrganizationCards({ query, rows, emptyText }: { query: InfiniteOrganizations; rows: Organization[] | undefined; emptyText?: string }) {
  const { t } = useTranslation('organizations');
  const { message } = App.useApp();
  const favorite = useSetFavoriteOrganization();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!rows || rows.length === 0) return <EmptyState description={emptyText} />;
  return (
    <div className="org-cards">
      {rows.map((o) => (
        <OrganizationCard
          key={o.id}
          organization={o}
          extra={
            <FavoriteStar
              active={o.favorite}
              loading={favorite.isPending && favorite.variables?.id === o.id}
              addLabel={t('actions.addFavoriteOf', { name: o.name })}
              removeLabel={t('actions.removeFavoriteOf', { name: o.name })}
              onToggle={(next) => favorite.mutate({ id: o.id, favorite: next }, { onError: (error) => void message.error(errorMessage(error)) })}
            />
          }
        />
      ))}
    </div>
  );
}
