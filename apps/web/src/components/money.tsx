import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { sumToTiyin } from '@pharma/contracts';
import { formatMoney } from '../lib/format';

/**
 * Money (spec §9): the API carries integer tiyin; screens show sum with thousands grouped by spaces.
 * `currency` adds the currency name (UZS) — tables say it once, in the column title (`useMoneyTitle`).
 */
export function Money({ value, currency = false, strong = false }: { value: number | null | undefined; currency?: boolean; strong?: boolean }) {
  const { t } = useTranslation();
  const text = currency ? t('money.amount', { amount: formatMoney(value) }) : formatMoney(value);
  return <span className={`money${strong ? ' money--strong' : ''}`}>{text}</span>;
}

/** "Sale price, UZS": a money column's title with the currency. */
export function useMoneyTitle() {
  const { t } = useTranslation();
  return (title: string) => t('money.column', { title });
}

const group = (text: string) => {
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
};

type MoneyInputProps = Omit<InputNumberProps<number>, 'value' | 'onChange' | 'formatter' | 'parser'> & {
  /** tiyin */
  value?: number | null;
  onChange?: (tiyin: number | null) => void;
};

/** An amount typed in sum (spaces group thousands, comma or dot for the tiyin) and kept in tiyin. */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  const { t } = useTranslation();
  return (
    <InputNumber<number>
      min={0}
      inputMode="decimal"
      suffix={props.size === 'small' ? undefined : t('money.currency')}
      style={{ width: '100%' }}
      {...props}
      controls={false}
      value={value === null || value === undefined ? null : value / 100}
      formatter={(v) => (v === undefined || v === null || String(v) === '' ? '' : group(String(v)))}
      parser={(text) => {
        const clean = (text ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
        const n = Number(clean);
        return clean === '' || !Number.isFinite(n) ? (NaN as number) : n;
      }}
      onChange={(v) => onChange?.(v === null || v === undefined || Number.isNaN(v) ? null : sumToTiyin(v))}
    />
  );
}
