import { Pagination } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageSizes } from '@pharma/contracts';

/** Paging under a list of cards: 25/50/100 (spec §9), the total, centred for a thumb. */
export function VisitPagination({
  page,
  size,
  total,
  onChange,
}: {
  page: number;
  size: number;
  total: number;
  onChange: (page: number, size: number) => void;
}) {
  const { t } = useTranslation();
  if (total <= pageSizes[0]) return null;
  return (
    <Pagination
      current={page}
      pageSize={size}
      total={total}
      pageSizeOptions={pageSizes.map(String)}
      showSizeChanger
      showTotal={(count) => t('table.total', { count })}
      onChange={onChange}
      size="small"
      align="center"
    />
  );
}
