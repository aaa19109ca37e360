import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { languages, saveChatTemplateBody, type ChatTemplate } from '@pharma/contracts';
import { ReferenceFormModal } from '../../../components/reference';
import { useCreateChatTemplate, useUpdateChatTemplate } from '../api/chat-templates-api';

const emptyText = { ru: '', en: '', 'uz-Latn': '', 'uz-Cyrl': '' };

/** Add or change a reply template: its name and the text in each of the four languages (all required). */
export function TemplateFormModal({ template, onClose }: { template: ChatTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('chats');
  return (
    <ReferenceFormModal
      schema={saveChatTemplateBody}
      id={template?.id ?? null}
      create={useCreateChatTemplate()}
      update={useUpdateChatTemplate()}
      title={template ? t('templates.edit') : t('templates.add')}
      initialValues={template ? { name: template.name, text: template.text } : { name: '', text: emptyText }}
      onClose={onClose}
      width={640}
    >
      {(zf) => (
        <>
          <Form.Item name="name" label={t('templates.name')} required rules={zf.rule('name')}>
            <Input maxLength={100} />
          </Form.Item>
          {languages.map((lng) => (
            <Form.Item
              key={lng}
              name={['text', lng]}
              label={t(`templates.text.${lng}`)}
              required
              rules={[zf.schemaRule(saveChatTemplateBody.shape.text.shape[lng])]}
            >
              <Input.TextArea lang={lng} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
            </Form.Item>
          ))}
        </>
      )}
    </ReferenceFormModal>
  );
}
