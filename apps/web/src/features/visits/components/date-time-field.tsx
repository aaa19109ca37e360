import { DatePicker, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { phoneBelowPx, useWindowWidth } from '../../../lib/use-window-width';

export const visitDateTimeFormat = 'YYYY-MM-DD HH:mm';
const nativeFormat = 'YYYY-MM-DDTHH:mm';

/** Enter confirms the typed date and time in the picker; it does not send the form as well. */
const keepEnterInPicker = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/**
 * A date and time of a form (a Dayjs value): antd's picker at a desk, the phone's own date-time wheel
 * on a phone (the picker's date and time panels do not fit 390 px).
 */
export function DateTimeField({
  value,
  onChange,
  id,
  ariaLabel,
  status,
}: {
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  id?: string;
  ariaLabel?: string;
  status?: 'error' | 'warning';
}) {
  const phone = useWindowWidth() < phoneBelowPx;
  if (phone) {
    return (
      <Input
        id={id}
        type="datetime-local"
        aria-label={ariaLabel}
        status={status}
        value={value ? value.format(nativeFormat) : ''}
        onChange={(event) => {
          const next = event.target.value ? dayjs(event.target.value, nativeFormat) : null;
          onChange?.(next && next.isValid() ? next : null);
        }}
        onKeyDown={keepEnterInPicker}
        className="native-datetime"
      />
    );
  }
  return (
    <DatePicker
      id={id}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      showTime={{ format: 'HH:mm', minuteStep: 5 }}
      format={visitDateTimeFormat}
      style={{ width: '100%' }}
      aria-label={ariaLabel}
      status={status}
      onKeyDown={keepEnterInPicker}
    />
  );
}
