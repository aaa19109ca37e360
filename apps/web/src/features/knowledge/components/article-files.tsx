import { Button, Flex } from 'antd';
import { FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { KnowledgeAttachment } from '@pharma/contracts';
import { saveDownload } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { fetchKnowledgeFile } from '../api/knowledge-api';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, 1)} MB` : `${formatNumber(Math.ceil(bytes / 1024))} KB`);

/** An article's files: each downloaded with the user's token when asked. */
export function ArticleFiles({ files, extra }: { files: KnowledgeAttachment[]; extra?: (file: KnowledgeAttachment) => React.ReactNode }) {
  return (
    <Flex vertical gap={4}>
      {files.map((file) => (
        <Flex key={file.id} gap={8} align="center" wrap>
          <Button
            size="small"
            icon={file.contentType === 'application/pdf' ? <FilePdfOutlined /> : <FileImageOutlined />}
            onClick={() => void fetchKnowledgeFile(file.id).then((f) => saveDownload(f, file.name))}
          >
            {file.name}
          </Button>
          <span className="text-secondary">{sizeText(file.size)}</span>
          {extra?.(file)}
        </Flex>
      ))}
    </Flex>
  );
}
