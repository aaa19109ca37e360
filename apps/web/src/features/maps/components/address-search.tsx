import { useEffect, useMemo, useState } from 'react';
import { AutoComplete, Flex, Input, Tag, Typography } from 'antd';
import { SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { searchMinLength, type GeocodeResult } from '@pharma/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useGeocode } from '../api/geocode';

const debounceMs = 400;

/**
 * Find an address and put it on the map: the user's own organizations first, then the external
 * geocoder. When the geocoder is unreachable the own results still come, with a note.
 */
export function AddressSearch({ onSelect, id }: { onSelect: (result: GeocodeResult) => void; id?: string }) {
  const { t } = useTranslation('maps');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), debounceMs);
    return () => window.clearTimeout(timer);
  }, [text]);
  const query = useGeocode(q);
  const items = q.length >= searchMinLength ? (query.data?.items ?? []) : [];
  const tooShort = text.trim().length > 0 && text.trim().length < searchMinLength;

  const options = useMemo(
    () =>
      items.map((item, index) => ({
        value: `${index}`,
        label: (
          <Flex gap={8} align="flex-start">
            {item.source === 'organization' ? (
              <ShopOutlined style={{ marginTop: 4, color: 'var(--ant-color-primary)' }} />
            ) : (
              <SearchOutlined style={{ marginTop: 4 }} />
            )}
            <span style={{ whiteSpace: 'normal' }}>{item.label}</span>
          </Flex>
        ),
      })),
    [items],
  );

  const external = query.data?.external;
  let note: string | null = null;
  if (tooShort) note = t('validation:searchMin');
  else if (query.isError) note = `${t('messages.addressError')} ${errorMessage(query.error)}`;
  else if (q.length >= searchMinLength && external && external !== 'ok') note = t(`enums:geocoderStatus.${external}`);
  else if (q.length >= searchMinLength && query.isSuccess && items.length === 0) note = t('messages.noAddresses');

  return (
    <div className="address-search">
      <AutoComplete
        id={id}
        options={options}
        value={text}
        onChange={(value) => setText(value)}
        onSelect={(value: string) => {
          const item = items[Number(value)];
          if (!item) return;
          setText(item.label);
          onSelect(item);
        }}
        style={{ width: '100%' }}
        popupMatchSelectWidth
      >
        <Input
          allowClear
          prefix={<SearchOutlined />}
          suffix={query.isFetching ? <Tag variant="filled">…</Tag> : null}
          placeholder={t('fields.addressSearch.placeholder')}
          aria-label={t('fields.addressSearch.label')}
        />
      </AutoComplete>
      <Typography.Text type={query.isError || tooShort ? 'warning' : 'secondary'} className="search-hint" aria-live="polite">
        {note ?? ''}
      </Typography.Text>
    </div>
  );
}
