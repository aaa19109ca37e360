import { useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Input, Select } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isApiError, errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { useReplyChat } from '../api/chats-api';
import { useChatTemplates } from '../api/chat-templates-api';

const maxReplyLength = 4000;

/**
 * The reply to the client: Enter sends, Shift+Enter starts a new line; a template fills the box in the
 * app's language (the conversation does not say the client's). A failed reply keeps its text and says why.
 */
export function ReplyBox({ chatId }: { chatId: number }) {
  const { t } = useTranslation('chats');
  const lng = useLanguage();
  const [text, setText] = useState('');
  const reply = useReplyChat(chatId);
  const templates = useChatTemplates();

  const submit = () => {
    const body = text.trim();
    if (!body || reply.isPending) return;
    reply.mutate(body, { onSuccess: () => setText('') });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };
  const fieldErrors = isApiError(reply.error) ? Object.values(reply.error.fields) : [];

  return (
    <Flex vertical gap={6} className="chat-reply">
      {reply.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('reply.notSent')}
          description={fieldErrors.length ? fieldErrors.join(' ') : errorMessage(reply.error)}
          data-testid="chat-reply-error"
        />
      ) : null}
      {templates.data?.length ? (
        <Select
          size="small"
          aria-label={t('reply.template')}
          placeholder={t('reply.template')}
          value={null}
          style={{ maxWidth: 320 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id: number) => {
            const template = templates.data.find((tpl) => tpl.id === id);
            if (template) setText(template.text[lng] || template.text.ru);
          }}
          options={templates.data.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
        />
      ) : null}
      <Flex gap={6} align="flex-end">
        <Input.TextArea
          aria-label={t('reply.label')}
          placeholder={t('reply.placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={maxReplyLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="primary" icon={<SendOutlined />} loading={reply.isPending} disabled={!text.trim() || reply.isPending} onClick={submit}>
          {t('reply.send')}
        </Button>
      </Flex>
    </Flex>
  );
}
