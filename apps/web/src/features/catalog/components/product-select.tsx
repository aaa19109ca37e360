import { useEffect, useMemo, useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchMinLength, type Product } from '@pharma/contracts';
import { SearchStatus } from '../../../components/search-status';
import { useProduct } from '../api/get-product';
import { offlineCatalogQueryOptions, searchOfflineCatalog, useProducts } from '../api/get-products';
import { useOnline } from '../../../lib/connection';
import { useQuery } from '@tanstack/react-query';
import { ProductLabel, productTitle } from './product-label';

const debounceMs = 300;

type Props = Omit<SelectProps<number>, 'options' | 'onChange' | 'showSearch' | 'filterOption' | 'onSearch' | 'value'> & {
  value?: number | null;
  onChange?: (id: number | undefined, product: Product | undefined) => void;
  /** only active products (documents); filters may pick any */
  onlyActive?: boolean;
};

/**
 * A product picked by a search on the server (name, producer or barcode, ≥ 4 characters, any script):
 * a scanner typing a barcode finds its product too.
 */
export function ProductSelect({ value, onChange, onlyActive = true, ...props }: Props) {
  const { t } = useTranslation('catalog');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setQ(text.trim()), debounceMs);
    return () => window.clearTimeout(timer);
  }, [text]);

  const enabled = q.length >= searchMinLength;
  // without a network the catalog kept on the phone answers (issue 16)
  const online = useOnline();
  const kept = useQuery({ ...offlineCatalogQueryOptions(), enabled: false });
  const offline = online ? null : searchOfflineCatalog(kept.data, q);
  const found = useProducts({ q: enabled ? q : undefined, page: 1, size: 25, active: onlyActive ? 'true' : undefined }, { enabled: enabled && !offline });
  const current = useProduct(value && !found.data?.items.some((p) => p.id === value) && !offline?.some((p) => p.id === value) ? value : null);

  const products = useMemo(() => {
    const list = enabled ? [...(offline ?? found.data?.items ?? [])] : [];
    if (current.data && !list.some((p) => p.id === current.data.id)) list.unshift(current.data);
    return list;
  }, [enabled, offline, found.data, current.data]);

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
      value={value ?? undefined}
      placeholder={t('fields.productSearch.label')}
      notFoundContent={
        <SearchStatus
          typed={text}
          searched={q}
          search={offline ? { isError: false, isFetching: false, error: null, refetch: () => undefined } : found}
          prompt={t('messages.typeToSearch')}
          empty={t('messages.noProducts')}
        />
      }
      loading={found.isFetching || current.isFetching}
      // the selected value and each option tell products of the same name apart (issue 13)
      options={products.map((p) => ({ value: p.id, label: productTitle(p), product: p }))}
      optionRender={(option) => {
        const p = (option.data as { product: Product }).product;
        return <ProductLabel name={p.name} producerName={p.producerName} country={p.country} barcode={p.barcode} />;
      }}
      onChange={(id) => {
        setText('');
        onChange?.(
          id,
          products.find((p) => p.id === id),
        );
      }}
      onBlur={() => setText('')}
      {...props}
    />
  );
}
