import { useEffect, useMemo, useRef, useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchMinLength, type Organization, type OrganizationType } from '@pharma/contracts';
import { organizationsQueryOptions } from '../api/get-organizations';
import { useOrganization } from '../api/get-organization';
import { BlockedTag, OrganizationTypeTag } from './organization-tags';
import { SearchStatus } from '../../../components/search-status';

const debounceMs = 400;

type PickerOption = { value: number; label: string; organization: Organization } | { value: number; label: string; organization?: undefined };

/**
 * Picks an organization by name, inn or phone (≥ 4 characters, either script), ranked as the server
 * ranks them (names first). Every hit is reachable: the list is as long as the hits from the first
 * answer on, the rows not loaded yet stand as placeholders, and a placeholder scrolled or arrowed into
 * view loads the next chunk — the list never changes length under the keyboard, so its place is kept.
 * The chosen one is shown by its name.
 */
export function OrganizationPicker({
  value,
  onChange,
  type,
  id,
  placeholder,
  disabled,
  ariaLabel,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  type?: readonly OrganizationType[];
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  ariaLabel?: string;
}) {
  const { t } = useTranslation('organizations');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), debounceMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  const searching = q.length >= searchMinLength;
  const search = useInfiniteQuery({ ...organizationsQueryOptions({ q, type, size: 25 }), enabled: searching });
  const selected = useOrganization(value ?? null);

  const found = useMemo(() => (searching ? (search.data?.pages.flatMap((p) => p.items) ?? []) : []), [searching, search.data]);
  const more = searching && !!search.hasNextPage;
  const total = search.data?.pages[0]?.total ?? 0;
  const options = useMemo(() => {
    const list: PickerOption[] = found.map((o) => ({ value: o.id, label: o.name, organization: o }));
    if (more) for (let i = found.length; i < total; i++) list.push({ value: -1 - i, label: '' });
    if (selected.data && !found.some((o) => o.id === selected.data.id))
      list.unshift({ value: selected.data.id, label: selected.data.name, organization: selected.data });
    return list;
  }, [found, more, total, selected.data]);
  const loadMore = () => {
    if (more && !search.isFetchingNextPage) void search.fetchNextPage();
  };

  const typed = text.trim();
  // why nothing is searched, or how much of what was found is loaded
  const footer =
    typed.length < searchMinLength
      ? t('validation:searchMin')
      : searching && found.length > 0
        ? t('common:table.shown', { shown: found.length, total: Math.max(total, found.length) })
        : null;

  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value ?? undefined}
      // a placeholder is not an organization
      onChange={(next) => (next === undefined || next === null || next > 0 ? onChange?.(next ?? null) : undefined)}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? t('fields.organization.placeholder')}
      loading={search.isFetching || selected.isFetching}
      notFoundContent={<SearchStatus typed={text} searched={q} search={search} prompt={t('validation:searchMin')} empty={t('messages.nothingFound')} />}
      options={options}
      popupRender={(menu) => (
        <>
          {menu}
          {footer && options.length > 0 ? (
            <Typography.Text type="secondary" className="picker-footer" aria-live="polite">
              {footer}
            </Typography.Text>
          ) : null}
        </>
      )}
      optionRender={({ data: { organization } }) =>
        organization ? (
          <Flex vertical gap={2}>
            <Flex gap={6} align="center" wrap>
              <span>{organization.name}</span>
              <OrganizationTypeTag type={organization.type} />
              {organization.blocked ? <BlockedTag block={organization.block} /> : null}
            </Flex>
            <span className="cell-muted" style={{ fontSize: 12, whiteSpace: 'normal' }}>
              {organization.address}
            </span>
          </Flex>
        ) : (
          <NotLoadedYet loaded={found.length} onShown={loadMore} />
        )
      }
      style={{ width: '100%' }}
    />
  );
}

/** A row of the list not loaded yet: the virtual list mounts it only in view, and in view it asks for the next chunk (again after each chunk, until it is loaded). */
function NotLoadedYet({ loaded, onShown }: { loaded: number; onShown: () => void }) {
  const { t } = useTranslation('organizations');
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  useEffect(() => onShownRef.current(), [loaded]);
  return <span className="cell-muted">{t('messages.loadingMore')}</span>;
}
