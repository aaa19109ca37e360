import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { dateFormat } from '@pharma/contracts';

/** A from–to date filter kept as yyyy-MM-dd strings (in the URL of a list). */
export function DateRangeFilter({
  from,
  to,
  onChange,
  label,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const value: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  return (
    <DatePicker.RangePicker
      aria-label={label ?? t('fields.period.label')}
      format={dateFormat}
      allowEmpty={[true, true]}
      value={value}
      placeholder={[t('fields.from.label'), t('fields.to.label')]}
      onChange={(range) => onChange({ from: range?.[0]?.format(dateFormat) ?? undefined, to: range?.[1]?.format(dateFormat) ?? undefined })}
      style={{ width: 260 }}
    />
  );
}
