import { useState } from 'react';
import { App, Input } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Product } from '@pharma/contracts';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { getProductByBarcode } from '../api/get-product-by-barcode';

/**
 * Type or scan a barcode (a scanner types the digits and Enter): opens the product,
 * or says that no product has this barcode.
 */
export function BarcodeLookup({ onFound }: { onFound: (product: Product) => void }) {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  const lookup = (raw: string) => {
    const code = raw.replace(/\s/g, '');
    if (!code) return;
    setBusy(true);
    getProductByBarcode(code)
      .then(
        (product) => {
          setValue('');
          onFound(product);
        },
        (error: unknown) => {
          if (isApiError(error) && error.status === 404) void message.warning(t('messages.barcodeNotFound', { barcode: code }));
          else void message.error(errorMessage(error));
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <Input.Search
      className="barcode-lookup"
      prefix={<BarcodeOutlined />}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onSearch={lookup}
      loading={busy}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('fields.barcodeLookup.label')}
      aria-label={t('fields.barcodeLookup.label')}
      enterButton={t('actions.find')}
    />
  );
}
