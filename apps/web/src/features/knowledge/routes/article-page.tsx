import { useState } from 'react';
import { Alert, Button, Card, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { localized, type Language } from '@pharma/contracts';
import { languageNames } from '../../../components/language-names';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { idFilter } from '../../../lib/use-list-params';
import { useArticle, useKnowledgeCategories } from '../api/knowledge-api';
import { ArticleBody } from '../components/article-body';
import { ArticleFiles } from '../components/article-files';
import { languagesFor } from '../components/article-language';
import { articleEditPath } from '../components/article-links';

/**
 * /knowledge-base/:id: an article in the reader's language, or else in Russian, or else in any it is
 * written in; a switch names the languages it has. Its products, producers and files below the text.
 */
export function ArticlePage() {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const id = idFilter(useParams().id);
  const article = useArticle(id);
  const categories = useKnowledgeCategories();
  const canEdit = useCan('knowledge.edit');
  const [chosen, setChosen] = useState<Language | undefined>();
  if (!id || (article.isError && isApiError(article.error) && article.error.status === 404)) return <NotFound />;
  if (article.isError) return <QueryError error={article.error} onRetry={() => void article.refetch()} />;
  if (article.isPending) return <Skeleton active />;
  const a = article.data;
  const order = languagesFor(a.translations, lng);
  const shown = chosen && order.includes(chosen) ? chosen : order[0]!;
  const text = a.translations[shown]!;
  const category = categories.data?.find((c) => c.id === a.categoryId);

  return (
    <article className="knowledge-article" lang={shown}>
      <PageHeader
        title={text.title}
        subtitle={
          <>
            <Link to={`${paths.knowledgeBase}?category=${a.categoryId}`}>{category ? localized(category.name, lng) : t('title')}</Link>
            {' · '}
            {t('updated', { at: formatDateTime(a.updatedAt), name: a.updatedByName ?? '—' })}
          </>
        }
        extra={
          canEdit ? (
            <Link to={articleEditPath(a.id)}>
              <Button icon={<EditOutlined />}>{t('actions.edit')}</Button>
            </Link>
          ) : null
        }
      />
      <Flex vertical gap={12}>
        {order.length > 1 ? (
          <Segmented
            aria-label={t('fields.language')}
            value={shown}
            onChange={(v) => setChosen(v as Language)}
            options={order.map((l) => ({ value: l, label: languageNames[l] }))}
          />
        ) : null}
        {shown !== lng && !chosen ? <Alert type="info" showIcon message={t('messages.fallback', { language: languageNames[shown] })} /> : null}
        <Card>
          <ArticleBody html={text.body} />
        </Card>
        {a.products.length || a.producers.length || a.productCategories.length ? (
          <Card size="small" title={t('fields.links')}>
            <Flex gap={4} wrap>
              {a.products.map((p) => (
                <Tag key={`p${p.id}`} color="blue">
                  {p.name}
                </Tag>
              ))}
              {a.producers.map((p) => (
                <Tag key={`m${p.id}`} color="purple">
                  {p.name}
                </Tag>
              ))}
              {a.productCategories.map((c) => (
                <Tag key={`c${c.id}`}>{localized(c.name, lng)}</Tag>
              ))}
            </Flex>
          </Card>
        ) : null}
        {a.attachments.length ? (
          <Card size="small" title={t('fields.files')}>
            <ArticleFiles files={a.attachments} />
          </Card>
        ) : null}
        <Typography.Text type="secondary">{t('version', { version: a.version })}</Typography.Text>
      </Flex>
    </article>
  );
}
