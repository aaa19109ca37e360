import { useState, type ReactNode } from 'react';
import { App, Button, Card, Flex, Form, Input, Skeleton, Tabs, Tag, TreeSelect } from 'antd';
import { HistoryOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  fieldIssues,
  knowledgeAttachmentPath,
  knowledgeAttachmentTypes,
  languages,
  localized,
  maxKnowledgeAttachmentBytes,
  saveArticleBody,
  type Article,
  type KnowledgeAttachmentType,
  type KnowledgeCategory,
  type Language,
} from '@pharma/contracts';
import { ConfirmButton } from '../../../components/confirm-button';
import { languageNames } from '../../../components/language-names';
import { NotFound } from '../../../components/not-found';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ApiError, errorMessage, isApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/permissions';
import { idFilter } from '../../../lib/use-list-params';
import { readBase64 } from '../../../lib/read-base64';
import { CategorySelect, ProducerSelect, ProductSelect } from '../../catalog';
import { useAddAttachment, useArticle, useDeleteArticle, useKnowledgeCategories, useRemoveAttachment, useSaveArticle } from '../api/knowledge-api';
import { ArticleFiles } from '../components/article-files';
import { rememberImage, toLocalImages, toStoredImages } from '../components/article-images';
import { articlePath } from '../components/article-links';
import { RichTextEditor } from '../components/rich-text-editor';
import { VersionHistory } from '../components/version-history';
import '../knowledge.css';

type Texts = Partial<Record<Language, { title: string; body: string }>>;
const isAllowedType = (type: string): type is KnowledgeAttachmentType => (knowledgeAttachmentTypes as readonly string[]).includes(type);

/** /knowledge-base/:id/edit (`new` for a new one): the article's texts per language, its category, links, files and versions. */
export function ArticleEditPage() {
  const id = idFilter(useParams().id);
  const article = useArticle(id);
  if (id && article.isError)
    return isApiError(article.error) && article.error.status === 404 ? (
      <NotFound />
    ) : (
      <QueryError error={article.error} onRetry={() => void article.refetch()} />
    );
  if (id && article.isPending) return <Skeleton active />;
  return <ArticleEditor key={`${id ?? 'new'}-${article.data?.version ?? 0}`} article={article.data} />;
}

function ArticleEditor({ article }: { article: Article | undefined }) {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const canDelete = useCan('knowledge.delete');
  const categories = useKnowledgeCategories();
  const save = useSaveArticle(article?.id);
  const addFile = useAddAttachment(article?.id ?? 0);
  const removeFile = useRemoveAttachment();
  const remove = useDeleteArticle();
  const [historyOpen, setHistoryOpen] = useState(false);
  const [tab, setTab] = useState<Language>(lng);
  const [categoryId, setCategoryId] = useState<number | undefined>(article?.categoryId ?? idFilter(search.get('category') ?? undefined));
  const [products, setProducts] = useState(article?.products ?? []);
  const [producers, setProducers] = useState(article?.producers ?? []);
  const [productCategories, setProductCategories] = useState(article?.productCategories.map((c) => ({ id: c.id, name: localized(c.name, lng) })) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [texts, setTexts] = useState<Texts>(article?.translations ?? {});
  // the images of the texts shown from memory before the editors start
  const initial = useQuery({
    queryKey: ['knowledge', 'edit', article?.id, article?.version],
    queryFn: async () =>
      Object.fromEntries(await Promise.all(languages.map(async (l) => [l, await toLocalImages(article?.translations[l]?.body ?? '')] as const))),
    staleTime: Infinity,
    gcTime: 0,
  });
  const setText = (l: Language, patch: Partial<{ title: string; body: string }>) =>
    setTexts((prev) => ({ ...prev, [l]: { title: prev[l]?.title ?? '', body: prev[l]?.body ?? '', ...patch } }));

  const checkFile = (file: File) => {
    if (!isAllowedType(file.type)) void message.error(t('validation:attachmentType'));
    else if (file.size > maxKnowledgeAttachmentBytes) void message.error(t('validation:attachmentTooLarge'));
    else if (!article) void message.warning(t('messages.saveFirst'));
    else return file.type;
    return null;
  };
  const upload = async (file: File) => {
    const contentType = checkFile(file);
    if (!contentType || !isAllowedType(contentType)) return null;
    try {
      return await addFile.mutateAsync({ name: file.name, contentType, data: await readBase64(file) });
    } catch (error) {
      void message.error(error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : errorMessage(error));
      return null;
    }
  };
  const onImage = async (file: File) => {
    const created = await upload(file);
    return created ? rememberImage(created.id, file) : null;
  };

  const submit = async () => {
    const translations = Object.fromEntries(
      languages
        .map((l) => [l, texts[l]] as const)
        .filter(([, v]) => v && (v.title.trim() || v.body))
        .map(([l, v]) => [l, { title: v!.title, body: toStoredImages(v!.body) }]),
    );
    const body = {
      categoryId,
      translations,
      productIds: products.map((p) => p.id),
      producerIds: producers.map((p) => p.id),
      productCategoryIds: productCategories.map((c) => c.id),
      ...(article ? { baseVersion: article.version } : {}),
    };
    const parsed = saveArticleBody.safeParse(body);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      setErrors(Object.fromEntries(issues.map((i) => [i.path, t(`validation:${i.key}`, i.params)])));
      const first = issues.find((i) => i.path.startsWith('translations.'))?.path.split('.')[1];
      if (first && (languages as readonly string[]).includes(first)) setTab(first as Language);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(parsed.data);
      void message.success(t('common:messages.saved'));
      void navigate(articlePath(saved.id));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      void message.error(errorMessage(error));
    }
  };

  if (initial.isPending) return <Skeleton active />;
  const title = article ? (article.translations[lng]?.title ?? Object.values(article.translations)[0]?.title ?? '') : t('actions.addArticle');
  return (
    <div className="knowledge-edit-page">
      <PageHeader
        title={title}
        subtitle={article ? t('version', { version: article.version }) : undefined}
        extra={
          <>
            {article ? (
              <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)}>
                {t('versions.title')}
              </Button>
            ) : null}
            {article && canDelete ? (
              <ConfirmButton
                danger
                onConfirm={async () => {
                  await remove.mutateAsync(article.id);
                  void navigate(paths.knowledgeBase);
                }}
              >
                {t('common:actions.delete')}
              </ConfirmButton>
            ) : null}
            <Button onClick={() => void navigate(article ? articlePath(article.id) : paths.knowledgeBase)}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('actions.save')}
            </Button>
          </>
        }
      />
      <Flex vertical gap={12}>
        <Card size="small">
          <Form layout="vertical" component="div">
            <Form.Item label={t('fields.category')} required validateStatus={errors.categoryId ? 'error' : undefined} help={errors.categoryId}>
              <CategoryTreeSelect value={categoryId} onChange={setCategoryId} categories={categories.data ?? []} />
            </Form.Item>
          </Form>
        </Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Language)}
          items={languages.map((l) => ({
            key: l,
            forceRender: true,
            label: (
              <span>
                {languageNames[l]} {texts[l]?.title || texts[l]?.body ? <Tag color="green">✓</Tag> : null}
              </span>
            ),
            children: (
              <Flex vertical gap={8}>
                <Form layout="vertical" component="div">
                  <Form.Item
                    htmlFor={`article-title-${l}`}
                    label={`${t('fields.title')} (${languageNames[l]})`}
                    validateStatus={errors[`translations.${l}.title`] ? 'error' : undefined}
                    help={errors[`translations.${l}.title`]}
                  >
                    <Input id={`article-title-${l}`} value={texts[l]?.title ?? ''} maxLength={200} onChange={(e) => setText(l, { title: e.target.value })} />
                  </Form.Item>
                </Form>
                <RichTextEditor
                  initial={initial.data?.[l] ?? ''}
                  label={`${t('fields.body')} (${languageNames[l]})`}
                  onChange={(body) => setText(l, { body })}
                  onImage={article ? onImage : undefined}
                />
                {errors[`translations.${l}.body`] ? <div className="ant-form-item-explain-error">{errors[`translations.${l}.body`]}</div> : null}
              </Flex>
            ),
          }))}
        />
        {errors.translations ? <div className="ant-form-item-explain-error">{errors.translations}</div> : null}
        <Card size="small" title={t('fields.links')}>
          <Form layout="vertical" component="div">
            <Form.Item label={t('fields.products')} help={errors.productIds} validateStatus={errors.productIds ? 'error' : undefined}>
              <LinkedTags items={products} onRemove={(rid) => setProducts((list) => list.filter((x) => x.id !== rid))}>
                <ProductSelect
                  value={null}
                  placeholder={t('fields.addProduct')}
                  onChange={(pid, product) => {
                    if (pid && product && !products.some((p) => p.id === pid)) setProducts((list) => [...list, { id: pid, name: product.name }]);
                  }}
                />
              </LinkedTags>
            </Form.Item>
            <Form.Item label={t('fields.producers')}>
              <LinkedTags items={producers} onRemove={(rid) => setProducers((list) => list.filter((x) => x.id !== rid))}>
                <ProducerSelect
                  value={null}
                  onChange={(pid, producer) => {
                    if (pid && producer && !producers.some((p) => p.id === pid)) setProducers((list) => [...list, { id: pid, name: producer.name }]);
                  }}
                />
              </LinkedTags>
            </Form.Item>
            <Form.Item label={t('fields.productCategories')}>
              <LinkedTags items={productCategories} onRemove={(rid) => setProductCategories((list) => list.filter((x) => x.id !== rid))}>
                <CategorySelect
                  value={undefined}
                  onChange={(cid: number | undefined, labels: ReactNode[]) => {
                    if (cid && !productCategories.some((c) => c.id === cid))
                      setProductCategories((list) => [...list, { id: cid, name: String(labels[0] ?? cid) }]);
                  }}
                />
              </LinkedTags>
            </Form.Item>
          </Form>
        </Card>
        <Card size="small" title={t('fields.files')}>
          {article ? (
            <Flex vertical gap={8}>
              <ArticleFiles
                files={article.attachments}
                extra={(file) => (
                  <>
                    {file.contentType !== 'application/pdf' ? <code>{knowledgeAttachmentPath(file.id)}</code> : null}
                    <ConfirmButton size="small" danger onConfirm={() => removeFile.mutateAsync(file.id)}>
                      {t('common:actions.delete')}
                    </ConfirmButton>
                  </>
                )}
              />
              <label>
                <input
                  type="file"
                  hidden
                  data-testid="attachment-input"
                  accept={knowledgeAttachmentTypes.join(',')}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void upload(file).then((created) => created && message.success(t('messages.fileAdded')));
                  }}
                />
                <Button
                  icon={<PaperClipOutlined />}
                  loading={addFile.isPending}
                  onClick={(e) => (e.currentTarget.previousElementSibling as HTMLInputElement | null)?.click()}
                >
                  {t('actions.attach')}
                </Button>
              </label>
            </Flex>
          ) : (
            <span className="text-secondary">{t('messages.saveFirst')}</span>
          )}
        </Card>
      </Flex>
      {article ? (
        <VersionHistory
          articleId={article.id}
          current={article.version}
          open={historyOpen}
          onClose={() => setHistoryOpen(false)}
          onRestored={() => setHistoryOpen(false)}
        />
      ) : null}
    </div>
  );
}

function CategoryTreeSelect({
  value,
  onChange,
  categories,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  categories: KnowledgeCategory[];
}) {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  interface Node {
    value: number;
    title: string;
    children: Node[];
  }
  const nodes = (parentId: number | null): Node[] =>
    categories.filter((c) => c.parentId === parentId).map((c) => ({ value: c.id, title: localized(c.name, lng), children: nodes(c.id) }));
  return (
    <TreeSelect<number>
      aria-label={t('fields.category')}
      treeDefaultExpandAll
      value={value}
      onChange={onChange}
      treeData={nodes(null)}
      style={{ width: '100%' }}
    />
  );
}

/** What an article is linked to, each removable, and the select that adds one. */
function LinkedTags({ items, onRemove, children }: { items: { id: number; name: string }[]; onRemove: (id: number) => void; children: ReactNode }) {
  return (
    <Flex vertical gap={6}>
      {items.length ? (
        <Flex gap={4} wrap>
          {items.map((item) => (
            <Tag key={item.id} closable onClose={() => onRemove(item.id)}>
              {item.name}
            </Tag>
          ))}
        </Flex>
      ) : null}
      {children}
    </Flex>
  );
}
