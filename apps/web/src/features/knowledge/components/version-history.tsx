import { App, Button, Drawer, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { shortLanguageNames } from '../../../components/language-names';
import { QueryError } from '../../../components/query-error';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useArticleVersions, useRestoreVersion } from '../api/knowledge-api';
import { titleFor } from './article-language';

/** Who changed the article, when and in which languages; an older version is brought back after a confirmation. */
export function VersionHistory({
  articleId,
  current,
  open,
  onClose,
  onRestored,
}: {
  articleId: number;
  current: number;
  open: boolean;
  onClose: () => void;
  onRestored: () => void;
}) {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const { message } = App.useApp();
  const versions = useArticleVersions(articleId, open);
  const restore = useRestoreVersion(articleId);
  return (
    <Drawer open={open} onClose={onClose} title={t('versions.title')} size={480}>
      {versions.isError ? (
        <QueryError error={versions.error} onRetry={() => void versions.refetch()} />
      ) : versions.isPending ? (
        <Skeleton active />
      ) : (
        <List
          dataSource={versions.data.items}
          renderItem={(v) => (
            <List.Item
              actions={
                v.version === current
                  ? [<Tag key="current">{t('versions.current')}</Tag>]
                  : [
                      <Popconfirm
                        key="restore"
                        title={t('versions.confirmRestore', { version: v.version })}
                        okText={t('common:actions.yes')}
                        cancelText={t('common:actions.no')}
                        onConfirm={async () => {
                          try {
                            await restore.mutateAsync(v.id);
                            void message.success(t('versions.restored', { version: v.version }));
                            onRestored();
                          } catch (error) {
                            void message.error(errorMessage(error));
                          }
                        }}
                      >
                        <Button size="small" icon={<HistoryOutlined />} loading={restore.isPending && restore.variables === v.id}>
                          {t('versions.restore')}
                        </Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={t('versions.version', { version: v.version })}
                description={
                  <>
                    <div>
                      {formatDateTime(v.at)} · {v.userName ?? '—'}
                    </div>
                    <div>{titleFor(v.titles, lng)}</div>
                    <div>
                      {v.changedLanguages.length ? (
                        v.changedLanguages.map((l) => <Tag key={l}>{shortLanguageNames[l]}</Tag>)
                      ) : (
                        <Typography.Text type="secondary">{t('versions.noTextChange')}</Typography.Text>
                      )}
                      {v.restoredFrom ? <Tag color="gold">{t('versions.restoredFrom', { version: v.restoredFrom })}</Tag> : null}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
