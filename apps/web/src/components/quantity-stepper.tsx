import { Button, InputNumber } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './quantity-stepper.css';

/**
 * A counter for a phone: − and + as large buttons around a number field. `null` means "not counted
 * yet" (− from there sets 0, + sets 1).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 0,
  max = 1_000_000,
  disabled,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  /** what is counted, for screen readers ("Quantity of …") */
  label: string;
  min?: number;
  max?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('visit');
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  return (
    <span className={value === null ? 'stepper stepper--empty' : 'stepper'} role="group" aria-label={label}>
      <Button
        icon={<MinusOutlined />}
        aria-label={t('actions.decrease', { name: label })}
        disabled={disabled || (value !== null && value <= min)}
        onClick={() => onChange(value === null ? min : clamp(value - 1))}
      />
      <InputNumber<number>
        aria-label={label}
        value={value}
        min={min}
        max={max}
        precision={0}
        controls={false}
        inputMode="numeric"
        placeholder="—"
        disabled={disabled}
        onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? clamp(Math.round(next)) : null)}
      />
      <Button
        icon={<PlusOutlined />}
        aria-label={t('actions.increase', { name: label })}
        disabled={disabled || (value !== null && value >= max)}
        onClick={() => onChange(value === null ? Math.max(min, 1) : clamp(value + 1))}
      />
    </span>
  );
}
