import { useCallback, useEffect, useState } from 'react';
import { Input, Skeleton, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { searchLimitMax } from '@pharma/contracts';
import { PageHeader } from '../../../components/page-header';
import { EmptyState } from '../../../components/empty-state';
import { QueryError } from '../../../components/query-error';
import { formatNumber } from '../../../lib/format';
import { isSearchable, useGlobalSearch } from '../api/get-search';
import { hitHref, kindIcons } from '../components/search-hit';
import { SearchHitContent } from '../components/search-hit-row';
import '../components/search.css';

const debounceMs = 400;

/**
 * /search: organizations, doctors, products, orders and users the user may view, in one list grouped by
 * kind with the count of each; each row opens its screen. The query lives in the address (?q=).
 */
export function SearchPage() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const typed = text.trim();
  const tooShort = typed.length > 0 && !isSearchable(typed);
  const query = useGlobalSearch({ q, limit: searchLimitMax });
  const searchable = isSearchable(q);

  useEffect(() => setText(q), [q]);
  const apply = useCallback((next: string) => setParams(next ? { q: next } : {}, { replace: true }), [setParams]);
  useEffect(() => {
    if (typed === q || (typed && !isSearchable(typed))) return;
    const timer = window.setTimeout(() => apply(typed), debounceMs);
    return () => window.clearTimeout(timer);
  }, [typed, q, apply]);

  const groups = query.data?.groups.filter((g) => g.total > 0) ?? [];
  const total = groups.reduce((n, g) => n + g.total, 0);

  return (
    <>
      <PageHeader title={t('nav:titles.search')} subtitle={searchable && query.data ? t('page.found', { total: formatNumber(total) }) : undefined} />
      <div className="search-page__input">
        <Input.Search
          value={text}
          size="large"
          allowClear
          autoFocus
          enterButton
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.placeholder')}
          aria-describedby="search-page-hint"
          status={tooShort ? 'warning' : undefined}
          loading={query.isFetching}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => {
            const next = value.trim();
            if (!next || isSearchable(next)) apply(next);
          }}
        />
        <Typography.Text type={tooShort ? 'warning' : 'secondary'} id="search-page-hint" aria-live="polite">
          {tooShort ? t('validation:searchMin') : !typed ? t('hints.start') : ''}
        </Typography.Text>
      </div>
      {!searchable ? null : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} title={t('messages.failed')} />
      ) : !query.data ? (
        <Skeleton active paragraph={{ rows: 6 }} style={{ marginTop: 16 }} />
      ) : groups.length === 0 ? (
        <EmptyState description={t('messages.nothingFound', { q })} />
      ) : (
        <div className="search-page__groups" aria-busy={query.isFetching}>
          {groups.map((g) => (
            <section key={g.kind} className="search-page__group" aria-labelledby={`search-group-${g.kind}`}>
              <div className="search-group__title">
                <span aria-hidden="true">{kindIcons[g.kind]}</span>
                <Typography.Title level={2} id={`search-group-${g.kind}`}>
                  {t(`kinds.${g.kind}`)} · {formatNumber(g.total)}
                </Typography.Title>
              </div>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {g.items.map((hit) => (
                  <li key={hit.id}>
                    <Link to={hitHref(hit)} className="search-hit">
                      <SearchHitContent hit={hit} />
                    </Link>
                  </li>
                ))}
              </ul>
              {g.total > g.items.length ? (
                <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 8px' }}>
                  {t('page.more', { shown: g.items.length, total: g.total })}
                </Typography.Text>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </>
  );
}
