import { useState } from 'react';
import { Alert, App, Flex, Modal, Table, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { leadImportColumns, maxLeadImportRows } from '@pharma/contracts';
import { DownloadButton } from '../../../components/download-button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { downloadLeadTemplate, useImportLeads } from '../api/leads-api';
import { readBase64 } from '../../../lib/read-base64';

interface RowError {
  key: string;
  row: number;
  column: string;
  message: string;
}

const columnOrder = (column: string) => {
  const i = (leadImportColumns as readonly string[]).indexOf(column);
  return i < 0 ? leadImportColumns.length : i;
};

/** `rows.<sheet row>.<column>` → one line of the error report, in sheet order. */
export function rowErrors(fields: Record<string, string>): RowError[] {
  return Object.entries(fields)
    .map(([path, message]) => {
      const m = /^rows\.(\d+)\.(\w+)$/.exec(path);
      return m ? { key: path, row: Number(m[1]), column: m[2]!, message } : null;
    })
    .filter((e): e is RowError => e !== null)
    .sort((a, b) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column));
}

/** Leads from an .xlsx file made from the template; nothing is saved when a row is bad, and every bad cell is listed. */
export function LeadImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('leads');
  const { message } = App.useApp();
  const run = useImportLeads();
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [errors, setErrors] = useState<RowError[] | null>(null);

  const submit = () => {
    if (!file) {
      void message.warning(t('import.chooseFile'));
      return;
    }
    setErrors(null);
    run.mutate(file.base64, {
      onSuccess: ({ created }) => {
        void message.success(t('import.done', { count: created }));
        setFile(null);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'IMPORT_ROWS_INVALID') setErrors(rowErrors(error.fields));
        void message.error(errorMessage(error));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      okText={t('import.run')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={run.isPending}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => {
        setFile(null);
        setErrors(null);
      }}
      width={720}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon title={t('import.hint', { max: maxLeadImportRows })} />
        <div>
          <DownloadButton run={downloadLeadTemplate}>{t('import.template')}</DownloadButton>
        </div>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            void readBase64(f).then((base64) => {
              setErrors(null);
              setFile({ name: f.name, base64 });
            });
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file?.name ?? t('import.dropFile')}</p>
        </Upload.Dragger>
        {errors?.length ? (
          <Table<RowError>
            size="small"
            rowKey="key"
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10 } : false}
            columns={[
              { key: 'row', title: t('import.row'), dataIndex: 'row', width: 80 },
              { key: 'column', title: t('import.column'), render: (_, e) => t(`columns.${e.column}`, { defaultValue: e.column }) },
              { key: 'message', title: t('import.problem'), dataIndex: 'message' },
            ]}
          />
        ) : null}
      </Flex>
    </Modal>
  );
}
