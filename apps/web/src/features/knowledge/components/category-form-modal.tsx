import { useMemo } from 'react';
import { App, Form, Input, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages, localized, saveKnowledgeCategoryBody, searchKey, type KnowledgeCategory } from '@pharma/contracts';
import { languageNames } from '../../../components/language-names';
import { useZodForm } from '../../../components/zod-form';
import { useLanguage } from '../../../lib/i18n';
import { useSaveCategory } from '../api/knowledge-api';

const topLevel = 0;

interface ParentChoice {
  value: number;
  title: string;
  children: ParentChoice[];
}

/** The categories a category may move under: every one but itself and those under it (the tree stays a tree). */
function parentChoices(categories: KnowledgeCategory[], movingId: number | undefined, lng: ReturnType<typeof useLanguage>) {
  const nodeOf = (parentId: number | null): ParentChoice[] =>
    categories.filter((c) => c.parentId === parentId && c.id !== movingId).map((c) => ({ value: c.id, title: localized(c.name, lng), children: nodeOf(c.id) }));
  return nodeOf(null);
}

/**
 * A new category (under the chosen one), or the chosen category renamed or moved: its name in Russian,
 * and in the other languages if known; its parent chosen from the tree.
 */
export function CategoryFormModal({
  categories,
  category,
  parentId,
  onClose,
}: {
  categories: KnowledgeCategory[];
  /** the category edited; a new one when absent */
  category?: KnowledgeCategory;
  /** where a new category goes (an edited one starts where it is) */
  parentId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const { message } = App.useApp();
  const { form, parse, showServerErrors } = useZodForm(saveKnowledgeCategoryBody);
  const save = useSaveCategory(category?.id);
  const choices = useMemo(
    () => [{ value: topLevel, title: t('topLevel'), children: parentChoices(categories, category?.id, lng) }],
    [categories, category?.id, lng, t],
  );
  const submit = async () => {
    const parent = Number(form.getFieldValue('parentId') ?? topLevel);
    const body = parse({ parentId: parent > 0 ? parent : null, name: form.getFieldValue('name') as unknown, position: category?.position ?? 0 });
    if (!body) return;
    try {
      await save.mutateAsync(body);
      void message.success(t('messages.categorySaved'));
      onClose();
    } catch (error) {
      if (!showServerErrors(error)) void message.error(t('messages.saveFailed'));
    }
  };
  return (
    <Modal
      open
      title={category ? t('actions.editCategory') : t('actions.addCategory')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okText={t('actions.save')}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ parentId: (category ? category.parentId : parentId) ?? topLevel, name: category?.name }}
        onFinish={() => void submit()}
      >
        <Form.Item name="parentId" label={t('fields.parentCategory')} htmlFor="knowledge-category-parent">
          <TreeSelect
            id="knowledge-category-parent"
            treeData={choices}
            treeDefaultExpandAll
            showSearch={{ filterTreeNode: (input, node) => searchKey(String(node.title ?? '')).includes(searchKey(input)) }}
          />
        </Form.Item>
        {languages.map((l) => (
          <Form.Item key={l} name={['name', l]} label={`${t('fields.categoryName')} (${languageNames[l]})`} required={l === 'ru'}>
            <Input maxLength={120} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
