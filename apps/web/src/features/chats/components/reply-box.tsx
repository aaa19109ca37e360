import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Input, Select, Tag } from 'antd';
import { CloseOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chatAttachmentExtensions, chatAttachmentTypes, maxChatAttachmentBytes } from '@pharma/contracts';
import { isApiError, errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { readBase64 } from '../../../lib/read-base64';
import { useReplyChat } from '../api/chats-api';
import { useChatTemplates } from '../api/chat-templates-api';
import { useFileSize } from './chat-attachment';

const maxReplyLength = 4000;
const accept = [...chatAttachmentExtensions, ...chatAttachmentTypes].join(',');
/** What the picker lets through before the server reads the bytes: an offered extension or type. */
const looksAccepted = (file: File) =>
  (chatAttachmentTypes as readonly string[]).includes(file.type) || chatAttachmentExtensions.some((ext) => file.name.toLowerCase().endsWith(ext));

/**
 * The reply to the client: Enter sends, Shift+Enter starts a new line; a template fills the box in the
 * app's language (the conversation does not say the client's). One file (a photo, a PDF, Word or Excel
 * document up to 10 MB — checked here, and again by its bytes on the server) may go with the text, which
 * is then its caption. A failed reply keeps its text and file and says why.
 */
export function ReplyBox({ chatId }: { chatId: number }) {
  const { t } = useTranslation('chats');
  const lng = useLanguage();
  const size = useFileSize();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const reply = useReplyChat(chatId);
  const templates = useChatTemplates();

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!looksAccepted(chosen)) return setFileError(t('validation:chatAttachmentType'));
    if (chosen.size > maxChatAttachmentBytes) return setFileError(t('validation:attachmentTooLarge'));
    setFileError(null);
    setFile(chosen);
  };
  const submit = async () => {
    const body = text.trim();
    if ((!body && !file) || reply.isPending) return;
    const attachment = file ? { name: file.name, data: await readBase64(file) } : undefined;
    reply.mutate(
      { text: body, attachment },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
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
      {fileError ? <Alert type="error" showIcon title={fileError} closable onClose={() => setFileError(null)} data-testid="chat-file-error" /> : null}
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
      {file ? (
        <Flex align="center" gap={4} data-testid="chat-chosen-file">
          <Tag icon={<PaperClipOutlined />}>
            {file.name} · {size(file.size)}
          </Tag>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('files.remove', { name: file.name })} onClick={() => setFile(null)} />
        </Flex>
      ) : null}
      <Flex gap={6} align="flex-end">
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          onChange={(e) => choose(e.target.files?.[0])}
          data-testid="chat-file-input"
          aria-label={t('files.attach')}
        />
        <Button icon={<PaperClipOutlined />} aria-label={t('files.attach')} title={t('files.attach')} onClick={() => input.current?.click()} />
        <Input.TextArea
          aria-label={t('reply.label')}
          placeholder={t('reply.placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={maxReplyLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={reply.isPending}
          disabled={(!text.trim() && !file) || reply.isPending}
          onClick={() => void submit()}
        >
          {t('reply.send')}
        </Button>
      </Flex>
    </Flex>
  );
}
