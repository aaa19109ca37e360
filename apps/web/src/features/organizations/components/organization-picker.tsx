import { useEffect, useMemo, useState } from 'react';
import { Flex, Select, Spin } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { searchMinLength, type OrganizationType } from '@pharma/contracts';
import { getOrganizations } from '../api/get-organizations';
import { useOrganization } from '../api/get-organization';
import { BlockedTag, OrganizationTypeTag } from './organization-tags';

const debounceMs = 400;

/** Picks an organization by name (≥ 4 characters, either script); the chosen one is shown by its name. */
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
  const search = useQuery({
    queryKey: ['organizations', 'picker', q, type],
    queryFn: ({ signal }) => getOrganizations({ q, type, size: 25 }, signal),
    enabled: q.length >= searchMinLength,
    placeholderData: keepPreviousData,
  });
  const selected = useOrganization(value ?? null);

  const options = useMemo(() => {
    const items = q.length >= searchMinLength ? (search.data?.items ?? []) : [];
    const list = items.map((o) => ({ value: o.id, label: o.name, organization: o }));
    if (selected.data && !list.some((o) => o.value === selected.data.id)) list.unshift({ value: selected.data.id, label: selected.data.name, organization: selected.data });
    return list;
  }, [q, search.data, selected.data]);

  const tooShort = text.trim().length > 0 && text.trim().length < searchMinLength;
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      disabled={disabled}
      placeholder={placeholder ?? t('fields.organization.placeholder')}
      loading={search.isFetching || selected.isFetching}
      notFoundContent={search.isFetching ? <Spin size="small" /> : tooShort || q.length < searchMinLength ? t('validation:searchMin') : t('messages.nothingFound')}
      options={options}
      optionRender={(option) => (
        <Flex vertical gap={2}>
          <Flex gap={6} align="center" wrap>
            <span>{option.data.organization.name}</span>
            <OrganizationTypeTag type={option.data.organization.type} />
            {option.data.organization.blocked ? <BlockedTag block={option.data.organization.block} /> : null}
          </Flex>
          <span className="cell-muted" style={{ fontSize: 12, whiteSpace: 'normal' }}>
            {option.data.organization.address}
          </span>
        </Flex>
      )}
      style={{ width: '100%' }}
    />
  );
}
