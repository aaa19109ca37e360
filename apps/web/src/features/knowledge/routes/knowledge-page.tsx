import { App, Button, Flex, List, Pagination, Skeleton, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localized } from '@pharma/contracts';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SearchInput } from '../../../components/search-input';
import { useLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { idFilter, useListParams } from '../../../lib/use-list-params';
import { errorMessage } from '../../../lib/api-client';
import { useArticles, useDeleteCategory, useKnowledgeCategories } from '../api/knowledge-api';
import { CategoryTree } from '../components/category-tree';
import { titleFor } from '../components/article-language';
import { articleEditPath, articlePath } from '../components/article-links';
import { CategoryFormModal } from '../components/category-form-modal';
import '../knowledge.css';

/**
 * /knowledge-base (issue 19): the categories' tree beside the articles of the chosen one (and those
 * under it), a search in titles and texts in any script; a title shows in the reader's language or
 * its fallback. Editors add articles and categories, rename or move the chosen category, and delete it
 * while nothing is in it.
 */
export function KnowledgePage() {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const { message, modal } = App.useApp();
  const canEdit = useCan('knowledge.edit');
  const canDelete = useCan('knowledge.delete');
  const { page, size, filters, update } = useListParams(['q', 'category', 'newCategory', 'editCategory'] as const);
  const categoryId = idFilter(filters.category);
  const q = filters.q && filters.q.length >= 4 ? filters.q : undefined;
  const categories = useKnowledgeCategories();
  const articles = useArticles({ page, size, q, categoryId });
  const removeCategory = useDeleteCategory();
  const chosen = categoryId ? categories.data?.find((c) => c.id === categoryId) : undefined;
  const chosenIsEmpty = !!chosen && chosen.articleCount === 0 && !categories.data?.some((c) => c.parentId === chosen.id);
  const confirmRemove = (category: NonNullable<typeof chosen>) =>
    modal.confirm({
      title: t('confirmDeleteCategory', { name: localized(category.name, lng) }),
      okText: t('actions.deleteCategory'),
      okButtonProps: { danger: true },
      onOk: () =>
        removeCategory.mutateAsync(category.id).then(
          () => {
            void message.success(t('messages.categoryDeleted'));
            update({ category: category.parentId ?? undefined });
          },
          (error: unknown) => void message.error(errorMessage(error)),
        ),
    });
  const categoryName = (id: number) => {
    const c = categories.data?.find((x) => x.id === id);
    return c ? localized(c.name, lng) : '';
  };

  return (
    <div className="knowledge-page">
      <PageHeader
        title={t('title')}
        extra={
          canEdit ? (
            <>
              {chosen ? (
                <Button icon={<EditOutlined />} onClick={() => update({ editCategory: 1 })}>
                  {t('actions.editCategory')}
                </Button>
              ) : null}
              {chosen && canDelete ? (
                <Button
                  icon={<DeleteOutlined />}
                  danger
                  disabled={!chosenIsEmpty}
                  title={chosenIsEmpty ? undefined : t('messages.categoryNotEmpty')}
                  onClick={() => confirmRemove(chosen)}
                >
                  {t('actions.deleteCategory')}
                </Button>
              ) : null}
              <Button onClick={() => update({ newCategory: 1 })}>{t('actions.addCategory')}</Button>
              <Link to={`${articleEditPath('new')}${categoryId ? `?category=${categoryId}` : ''}`}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('actions.addArticle')}
                </Button>
              </Link>
            </>
          ) : null
        }
      />
      <div className="knowledge-layout">
        <div>
          {categories.isPending ? (
            <Skeleton active />
          ) : categories.isError ? (
            <QueryError error={categories.error} onRetry={() => void categories.refetch()} />
          ) : (
            <CategoryTree categories={categories.data} value={categoryId} onChange={(id) => update({ category: id })} />
          )}
        </div>
        <Flex vertical gap={12}>
          <SearchInput value={filters.q} onSearch={(value) => update({ q: value })} label={t('search')} />
          {articles.isError ? (
            <QueryError error={articles.error} onRetry={() => void articles.refetch()} />
          ) : articles.isPending ? (
            <Skeleton active />
          ) : articles.data.items.length === 0 ? (
            <EmptyState description={t('empty')} />
          ) : (
            <>
              <List
                bordered
                dataSource={articles.data.items}
                renderItem={(a) => (
                  <List.Item>
                    <List.Item.Meta
                      title={<Link to={articlePath(a.id)}>{titleFor(a.titles, lng)}</Link>}
                      description={
                        <Typography.Text type="secondary">
                          {categoryName(a.categoryId)} · {formatDateTime(a.updatedAt)}
                        </Typography.Text>
                      }
                    />
                  </List.Item>
                )}
              />
              <Pagination
                align="end"
                current={page}
                pageSize={size}
                total={articles.data.total}
                showSizeChanger
                pageSizeOptions={[25, 50, 100]}
                onChange={(p, s) => update({ page: p, size: s })}
              />
            </>
          )}
        </Flex>
      </div>
      {filters.newCategory && categories.data ? (
        <CategoryFormModal categories={categories.data} parentId={categoryId ?? null} onClose={() => update({ newCategory: undefined })} />
      ) : null}
      {filters.editCategory && chosen && categories.data ? (
        <CategoryFormModal key={chosen.id} categories={categories.data} category={chosen} onClose={() => update({ editCategory: undefined })} />
      ) : null}
    </div>
  );
}
