import { useRef, useState, type KeyboardEvent } from 'react';
import { Alert, App, Button, Flex, Input, InputNumber, Popover, Select, Tag } from 'antd';
import { LinkOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  maxMessageAttachmentBytes,
  maxMessageAttachments,
  maxMessageLength,
  messageAttachmentTypes,
  messageLinkKinds,
  type MessageAttachmentType,
  type MessageLink,
  type MessageLinkKind,
} from '@pharma/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';
import { useSendMessage } from '../api/messages-api';
import { readBase64 } from '../../../lib/read-base64';

interface Chosen {
  file: File;
  contentType: MessageAttachmentType;
}

const isAllowedType = (type: string): type is MessageAttachmentType => (messageAttachmentTypes as readonly string[]).includes(type);

/** Links one record to the message: its kind and number. */
function LinkPicker({ value, onChange }: { value: MessageLink | null; onChange: (link: MessageLink | null) => void }) {
  const { t } = useTranslation('messages');
  const [kind, setKind] = useState<MessageLinkKind>('order');
  const [id, setId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const content = (
    <Flex gap={8} wrap>
      <Select
        aria-label={t('actions.link')}
        value={kind}
        onChange={setKind}
        options={messageLinkKinds.map((k) => ({ value: k, label: t(`linkKinds.${k}`) }))}
        style={{ minWidth: 140 }}
      />
      <InputNumber aria-label={t('linkNumber')} placeholder={t('linkNumber')} min={1} precision={0} value={id} onChange={(v) => setId(v)} />
      <Button
        type="primary"
        disabled={!id}
        onClick={() => {
          onChange({ kind, id: id! });
          setOpen(false);
        }}
      >
        {t('actions.addLink')}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen}>
      <Button icon={<LinkOutlined />} aria-label={t('actions.addLink')} type={value ? 'primary' : 'default'} ghost={!!value} />
    </Popover>
  );
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; files (PNG, JPEG, WebP, PDF up to
 * 10 MB, checked here and again by their bytes on the server) and a link go with the text.
 */
export function Composer({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Chosen[]>([]);
  const [link, setLink] = useState<MessageLink | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = useSendMessage(conversationId);
  // a phone's narrow box says less; Enter still sends
  const phone = useWindowWidth() < phoneBelowPx;

  const choose = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      if (!isAllowedType(file.type)) void message.error(t('validation:attachmentType'));
      else if (file.size > maxMessageAttachmentBytes) void message.error(t('validation:attachmentTooLarge'));
      else setFiles((chosen) => [...chosen, { file, contentType: file.type as MessageAttachmentType }].slice(0, maxMessageAttachments));
    }
    if (input.current) input.current.value = '';
  };

  const submit = async () => {
    if (!text.trim() || send.isPending) return;
    const attachments = await Promise.all(files.map(async ({ file, contentType }) => ({ name: file.name, contentType, data: await readBase64(file) })));
    send.mutate(
      { text, attachments, link },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setLink(null);
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  };
  const fieldErrors = isApiError(send.error) ? Object.values(send.error.fields) : [];

  return (
    <Flex vertical gap={6} className="messages-composer">
      {send.isError ? (
        <Alert type="error" showIcon message={t('errors.notSent')} description={fieldErrors.length ? fieldErrors.join(' ') : errorMessage(send.error)} />
      ) : null}
      {files.length || link ? (
        <Flex gap={4} wrap>
          {files.map((chosen, i) => (
            <Tag key={`${chosen.file.name}-${i}`} closable closeIcon onClose={() => setFiles((all) => all.filter((_, j) => j !== i))}>
              {chosen.file.name}
            </Tag>
          ))}
          {link ? (
            <Tag closable onClose={() => setLink(null)} icon={<LinkOutlined />}>
              {t('link', { kind: t(`linkKinds.${link.kind}`), id: link.id })}
            </Tag>
          ) : null}
        </Flex>
      ) : null}
      <Flex gap={6} align="flex-end">
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept={messageAttachmentTypes.join(',')}
          onChange={(e) => choose(e.target.files)}
          data-testid="message-file-input"
        />
        <Button
          icon={<PaperClipOutlined />}
          aria-label={t('actions.attach')}
          onClick={() => input.current?.click()}
          disabled={files.length >= maxMessageAttachments}
        />
        <LinkPicker value={link} onChange={setLink} />
        <Input.TextArea
          aria-label={t('composer.label')}
          placeholder={phone ? t('composer.short') : t('composer.placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={maxMessageLength}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={() => void submit()}
          aria-label={t('actions.send')}
        >
          {send.isPending ? t('composer.sending') : null}
        </Button>
      </Flex>
    </Flex>
  );
}
