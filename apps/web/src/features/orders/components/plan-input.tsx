import { useEffect, useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { planInputError } from '@pharma/contracts';
import { isApiError } from '../../../lib/api-client';

/**
 * A cell's plan for one month: a whole number ≥ 0, saved on blur or Enter when it changed.
 * A wrong value is named under the input and not sent; the server's refusal too.
 */
export function PlanInput({
  value,
  onSave,
  label,
  disabled,
}: {
  value: number;
  onSave: (quantity: number) => Promise<unknown>;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('matrix');
  const [text, setText] = useState(value ? String(value) : '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(value ? String(value) : '');
  }, [value]);

  const commit = () => {
    const key = planInputError(text);
    if (key) {
      setError(t(`validation:${key}`, { min: 0, max: 100_000 }));
      return;
    }
    setError(null);
    const quantity = text.trim() === '' ? 0 : Number(text.trim());
    if (quantity === value) return;
    onSave(quantity).catch((e: unknown) => {
      setText(value ? String(value) : '');
      setError(isApiError(e) ? (e.fields.quantity ?? e.message) : t('messages.planNotSaved'));
    });
  };

  return (
    <div className="matrix-plan">
      <Input
        size="small"
        inputMode="numeric"
        aria-label={label}
        placeholder={t('fields.plan.placeholder')}
        value={text}
        disabled={disabled}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onBlur={commit}
        onPressEnter={(e) => {
          e.preventDefault();
          commit();
        }}
      />
      {error ? (
        <div className="matrix-plan__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
