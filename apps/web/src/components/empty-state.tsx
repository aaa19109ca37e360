import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** 'No data' in the product's words. */
export function EmptyState({ description }: { description?: string }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('messages.noData')} />;
}
