import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages, saveKnowledgeCategoryBody } from '@pharma/contracts';
import { languageNames } from '../../../components/language-names';
import { useZodForm } from '../../../components/zod-form';
import { useSaveCategory } from '../api/knowledge-api';

/** A new category (under the chosen one): its name in Russian, and in the other languages if known. */
export function CategoryFormModal({ parentId, onClose }: { parentId: number | null; onClose: () => void }) {
  const { t } = useTranslation('knowledge');
  const { message } = App.useApp();
  const { form, parse, showServerErrors } = useZodForm(saveKnowledgeCategoryBody);
  const save = useSaveCategory(undefined);
  const submit = async () => {
    const body = parse({ parentId, name: form.getFieldValue('name') as unknown });
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
    <Modal open title={t('actions.addCategory')} onCancel={onClose} onOk={() => void submit()} confirmLoading={save.isPending} okText={t('actions.save')}>
      <Form form={form} layout="vertical">
        {languages.map((lng) => (
          <Form.Item key={lng} name={['name', lng]} label={`${t('fields.categoryName')} (${languageNames[lng]})`} required={lng === 'ru'}>
            <Input maxLength={120} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
