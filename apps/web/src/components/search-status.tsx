import type { ReactNode } from 'react';
import { Button, Flex, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { searchMinLength } from '@pharma/contracts';
import { errorMessage } from '../lib/api-client';

/**
 * What a select searched on the server shows in place of options: a prompt to type (≥ 4 characters),
 * the search under way, the failure with its reason and Retry, or — only for a search that was
 * answered — nothing found. A failed search is never shown as an empty result (issue 13).
 */
export function SearchStatus({
  typed,
  searched,
  search,
  prompt,
  empty,
}: {
  /** what is in the box now */
  typed: string;
  /** the query sent (debounced) */
  searched: string;
  search: { isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  prompt: ReactNode;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const text = typed.trim();
  if (text.length > 0 && text.length < searchMinLength) return <Typography.Text type="warning">{t('validation:searchMin')}</Typography.Text>;
  if (searched.length < searchMinLength) return <Typography.Text type="secondary">{prompt}</Typography.Text>;
  if (search.isFetching || searched !== text) return <Spin size="small" />;
  if (search.isError) {
    return (
      <Flex vertical gap={4} align="flex-start" role="alert" data-testid="search-failed">
        <Typography.Text type="danger">{t('messages.searchFailed')}</Typography.Text>
        <Typography.Text type="secondary">{errorMessage(search.error)}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onMouseDown={(e) => e.preventDefault()} onClick={() => void search.refetch()}>
          {t('actions.retry')}
        </Button>
      </Flex>
    );
  }
  return <Typography.Text type="secondary">{empty}</Typography.Text>;
}
