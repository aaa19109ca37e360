import { List, Typography } from 'antd';
import { BookOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { useArticles } from '../api/knowledge-api';
import { titleFor } from './article-language';
import { articlePath } from './article-links';

/** "Knowledge": the articles linked to a product (its monograph, key messages), where the product is shown. */
export function ProductArticles({ productId }: { productId: number }) {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const canRead = useCan('knowledge.view');
  const articles = useArticles({ productId, page: 1, size: 25 }, canRead);
  if (!canRead || !articles.data?.items.length) return null;
  return (
    <section className="product-articles" aria-label={t('productArticles')}>
      <Typography.Title level={5}>
        <BookOutlined /> {t('productArticles')}
      </Typography.Title>
      <List
        size="small"
        dataSource={articles.data.items}
        renderItem={(a) => (
          <List.Item>
            <Link to={articlePath(a.id)}>{titleFor(a.titles, lng)}</Link>
          </List.Item>
        )}
      />
    </section>
  );
}
