import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { sumToTiyin } from '@pharma/contracts';
import { formatMoney } from '../lib/format';

/**
 * Money (spec §9): the API carries integer tiyin; screens show sum in the language's convention
 * (`formatMoney` of lib/format: "275 844,80", English "275,844.80").
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

/** The marks of money as the language writes it (formatMoney's convention): "1 234,5", English "1,234.5". */
const marksOf = (lng: string) => (lng === 'en' ? { group: ',', decimal: '.' } : { group: ' ', decimal: ',' });
const group = (text: string, lng: string) => {
  const { group: mark, decimal } = marksOf(lng);
  const [int = '', frac] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, mark);
  return frac === undefined ? grouped : `${grouped}${decimal}${frac}`;
};

type MoneyInputProps = Omit<InputNumberProps<number>, 'value' | 'onChange' | 'formatter' | 'parser'> & {
  /** tiyin */
  value?: number | null;
  onChange?: (tiyin: number | null) => void;
};

/** An amount typed in sum in the language's convention (its grouping; comma or dot for the tiyin, English a dot) and kept in tiyin. */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <InputNumber<number>
      min={0}
      inputMode="decimal"
      suffix={props.size === 'small' ? undefined : t('money.currency')}
      style={{ width: '100%' }}
      {...props}
      controls={false}
      value={value === null || value === undefined ? null : value / 100}
      formatter={(v) => (v === undefined || v === null || String(v) === '' ? '' : group(String(v), lng))}
      parser={(text) => {
        const spaced = (text ?? '').replace(/[\s\u00a0\u202f]/g, '');
        const clean = lng === 'en' ? spaced.replace(/,/g, '') : spaced.replace(',', '.');
        const n = Number(clean);
        return clean === '' || !Number.isFinite(n) ? (NaN as number) : n;
      }}
      onChange={(v) => onChange?.(v === null || v === undefined || Number.isNaN(v) ? null : sumToTiyin(v))}
    />
  );
}
