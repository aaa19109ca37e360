import { Space } from 'antd';
import { FileExcelOutlined, FilePdfOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { LinkButton } from '../../../components/link-button';
import { hrefOf } from '../../../lib/paths';
import { useLanguage } from '../../../lib/i18n';
import { downloadSpecification } from '../api/specification-api';

/** The order's specification: .xlsx and PDF in the interface language, and the printable page. */
export function SpecificationButtons({ orderId, print = true }: { orderId: number; print?: boolean }) {
  const { t } = useTranslation('specification');
  const lang = useLanguage();
  return (
    <Space wrap size={8}>
      <DownloadButton icon={<FileExcelOutlined />} run={() => downloadSpecification(orderId, 'xlsx', lang)} data-testid="specification-xlsx">
        {t('actions.xlsx')}
      </DownloadButton>
      <DownloadButton icon={<FilePdfOutlined />} run={() => downloadSpecification(orderId, 'pdf', lang)} data-testid="specification-pdf">
        {t('actions.pdf')}
      </DownloadButton>
      {print && (
        <LinkButton to={hrefOf('print', {}, { id: orderId })} icon={<PrinterOutlined />}>
          {t('actions.print')}
        </LinkButton>
      )}
    </Space>
  );
}
