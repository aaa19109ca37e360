import { useEffect, useMemo } from 'react';
import { Button, Skeleton } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MessageAttachment as Attachment } from '@pharma/contracts';
import { api, saveDownload } from '../../../lib/api-client';
import { useAttachmentBlob } from '../api/messages-api';

/** An image shown in the conversation (read with the user's token, shown from memory). */
function AttachmentImage({ file }: { file: Attachment }) {
  const blob = useAttachmentBlob(file.id);
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <Skeleton.Image active />;
  return <img className="message-image" src={url} alt={file.name} />;
}

/** A PDF: downloaded when asked (the server sends it as an attachment, never shown inline). */
function AttachmentDownload({ file }: { file: Attachment }) {
  const { t } = useTranslation('messages');
  const download = async () => saveDownload(await api.messages.attachment({ params: { id: file.id } }), file.name);
  return (
    <Button size="small" icon={<FilePdfOutlined />} onClick={() => void download()} title={t('actions.download')}>
      {file.name}
    </Button>
  );
}

export function MessageAttachment({ file }: { file: Attachment }) {
  return file.contentType === 'application/pdf' ? <AttachmentDownload file={file} /> : <AttachmentImage file={file} />;
}
