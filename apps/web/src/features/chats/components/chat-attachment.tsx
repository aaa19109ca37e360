import { useEffect, useMemo } from 'react';
import { Button, Skeleton } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isChatImage, type ChatAttachment as Attachment } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';
import { useChatAttachmentBlob } from '../api/chats-api';

const kb = 1024;
const mb = 1024 * 1024;

/** A file's size as people read it: bytes, KB or MB. */
export function useFileSize() {
  const { t, i18n } = useTranslation('chats');
  const number = (value: number, digits: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  return (bytes: number) =>
    bytes >= mb
      ? t('files.mb', { size: number(bytes / mb, 1) })
      : bytes >= kb
        ? t('files.kb', { size: number(bytes / kb, 0) })
        : t('files.bytes', { size: bytes });
}

/** A photo: a thumbnail in the conversation (read with the user's token, shown from memory); a click opens it full size. */
function ChatImage({ file }: { file: Attachment }) {
  const { t } = useTranslation('chats');
  const blob = useChatAttachmentBlob(file.id);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <Skeleton.Image active className="chat-attachment__thumb" />;
  // the photo full size in a tab of its own (from memory: the server's copy needs the user's token)
  return (
    <a className="chat-attachment__image" href={url} target="_blank" rel="noopener noreferrer" aria-label={t('files.open', { name: file.name })}>
      <img className="chat-attachment__thumb" src={url} alt={file.name} />
    </a>
  );
}

/** Any other file: its name and size, downloaded when asked (the server sends it as an attachment, never shown inline). */
function ChatFileLink({ file }: { file: Attachment }) {
  const { t } = useTranslation('chats');
  const size = useFileSize();
  const download = async () => saveDownload(await api.chats.attachment({ params: { id: file.id } }), file.name);
  return (
    <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => void download()} title={t('files.download')} className="chat-attachment__file">
      {file.name} · {size(file.size)}
    </Button>
  );
}

export function ChatAttachment({ file }: { file: Attachment }) {
  return isChatImage(file.contentType) ? <ChatImage file={file} /> : <ChatFileLink file={file} />;
}
