import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageSizes } from '@pharma/contracts';

/** The pages under a phone's cards: 25/50/100 (spec §9) with the total; a new size starts at page 1; none for a list that fits the smallest page. */
export function CardsPagination({
  page,
  size,
  total,
  onChange,
}: {
  page: number;
  size: number;
  total: number | undefined;
  onChange: (patch: { page: number; size?: number }) => void;
}) {
  const { t } = useTranslation();
  if (!total || total <= pageSizes[0]) return null;
  return (
    <Pagination
      className="cards-pagination"
      current={page}
      pageSize={size}
      total={total}
      pageSizeOptions={pageSizes.map(String)}
      showSizeChanger
      showTotal={(count) => t('table.total', { count })}
      onChange={(p, s) => onChange(s !== size ? { page: 1, size: s } : { page: p })}
    />
  );
}
